import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '#protocol/reportRanges';
import type { EvacuationSheet } from './evacuationPdf';
import type { FromWorker, ToWorker, WorkerJob } from './exportMessages';
import type { ExportMeta, ExportRow } from './rows';

/**
 * Rows per message to a worker, and a turn of the event loop between messages: a batch the
 * database gives at once is read, shaped and posted a slice at a time, between other requests.
 */
const ROWS_PER_MESSAGE = 25;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const FAILED = 'Eksporten kunne ikke lages';

/** One worker fewer than the machine has cores, so the event loop keeps a core of its own; at most four. */
export const defaultExportWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/** A worker's heap is capped, so a runaway export ends that worker, not the server. */
const WORKER_LIMITS = { resourceLimits: { maxOldGenerationSizeMb: 1024 } };

/**
 * An export worker. Run from source (tests, `npm start`), tsx loads its TypeScript; the built
 * server (scripts/buildServer.mjs) has it as its own file next to main.js.
 */
function spawnExportWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  return new Worker(new URL(fromSource ? './exportWorkerFromSource.mjs' : './exportWorker.js', import.meta.url), WORKER_LIMITS);
}

type Job = {
  work: WorkerJob;
  rows: AsyncIterable<ExportRow>;
  out: Readable;
  worker?: Worker;
  detach?: () => void;
  over: boolean;
};

/**
 * Exports made off the event loop, by a few worker threads. The server reads the rows from the
 * database and hands them over in batches; a worker lays the file out and sends its bytes back,
 * which stream to the response. More exports than workers wait their turn. A download cancelled
 * by its reader stops its work: a waiting one leaves the queue, a running one's worker is ended
 * and a fresh one takes its place.
 */
export class ExportPool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly lastErrors = new WeakMap<Worker, Error>();
  private readonly queue: Job[] = [];
  private running = 0;
  private closed = false;

  constructor(
    private readonly size: number = defaultExportWorkers(),
    private readonly spawn: () => Worker = spawnExportWorker,
  ) {}

  run(format: ExportFormat, meta: ExportMeta, rows: AsyncIterable<ExportRow>): Readable {
    return this.runJob({ format, meta }, rows);
  }

  /** The evacuation list as a PDF (issue 47), made by the same workers. */
  evacuationPdf(sheet: EvacuationSheet): Readable {
    return this.runJob({ format: 'evacuation.pdf', meta: sheet }, (async function* () {})());
  }

  private runJob(work: WorkerJob, rows: AsyncIterable<ExportRow>): Readable {
    const job = { work, rows, over: false } as Job;
    job.out = new Readable({
      read() {},
      destroy: (err, callback) => {
        this.cancel(job);
        callback(err);
      },
    });
    if (this.closed) this.fail(job);
    else {
      this.queue.push(job);
      this.dispatch();
    }
    return job.out;
  }

  /** Ends every worker; exports under way or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.fail(job);
    this.idle.length = 0;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.running < this.size)) {
      const worker = this.idle.pop() ?? this.spawnWorker();
      this.running += 1;
      void this.start(worker, this.queue.shift()!);
    }
  }

  private spawnWorker(): Worker {
    const worker = this.spawn();
    this.workers.add(worker);
    // A worker that dies (out of memory, a crash) takes only its own export with it.
    worker.on('error', (err) => this.lastErrors.set(worker, err));
    worker.on('exit', () => {
      this.workers.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return worker;
  }

  private async start(worker: Worker, job: Job): Promise<void> {
    job.worker = worker;
    // Only an idle worker leaves the process free to exit.
    worker.ref();
    const onMessage = (message: FromWorker) => {
      if (message.type === 'bytes') job.out.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else if (message.type === 'done') this.finish(job, () => job.out.push(null));
      else if (message.type === 'failed') this.finish(job, () => job.out.destroy(new Error(`${FAILED}: ${message.message}`)));
    };
    const onExit = () =>
      this.finish(job, () => job.out.destroy(new Error(FAILED, { cause: this.lastErrors.get(worker) })), { keepWorker: false });
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    job.detach = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    const post = (message: ToWorker) => worker.postMessage(message);
    try {
      post({ type: 'start', ...job.work });
      let batch: ExportRow[] = [];
      for await (const row of job.rows) {
        if (job.over) break;
        batch.push(row);
        if (batch.length === ROWS_PER_MESSAGE) {
          post({ type: 'rows', rows: batch });
          batch = [];
          await nextTurn();
        }
      }
      if (!job.over) {
        if (batch.length > 0) post({ type: 'rows', rows: batch });
        post({ type: 'end' });
      }
    } catch (err) {
      this.finish(job, () => job.out.destroy(err as Error), { keepWorker: false });
    }
  }

  /**
   * The export is over, one way or another. Its worker goes back to the pool if it finished its
   * work; otherwise (cancelled, failed, gone) it is ended, and the next export gets a fresh one.
   */
  private finish(job: Job, settle: () => void, { keepWorker = true } = {}): void {
    if (job.over) return;
    job.over = true;
    job.detach?.();
    this.running -= 1;
    const worker = job.worker!;
    if (keepWorker && !this.closed) {
      worker.unref();
      this.idle.push(worker);
    } else void worker.terminate();
    settle();
    this.dispatch();
  }

  private cancel(job: Job): void {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      job.over = true;
      return;
    }
    if (!job.over && job.worker) this.finish(job, () => undefined, { keepWorker: false });
  }

  /** What the pool is doing now: its workers, the exports they make, the exports waiting. */
  get state(): { workers: number; running: number; waiting: number } {
    return { workers: this.workers.size, running: this.running, waiting: this.queue.length };
  }

  private fail(job: Job): void {
    job.over = true;
    job.out.destroy(new Error(FAILED));
  }
}
