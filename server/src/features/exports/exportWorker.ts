import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { ExportFormat } from '#protocol/reportRanges';
import { csvStream } from './csv';
import { evacuationDocument } from './evacuationPdf';
import type { FromWorker, ToWorker, WorkerJob } from './exportMessages';
import { documentStream, pdfStream } from './pdf';
import { inPagesOrder } from './rowOrder';
import type { ExportMeta, ExportRow } from './rows';
import { yieldToTheEventLoop } from './workerPriority';
import { xlsxStream } from './xlsx';

const WRITERS: Record<ExportFormat, (rows: AsyncIterable<ExportRow>, meta: ExportMeta) => Readable> = {
  csv: (rows) => csvStream(rows),
  xlsx: xlsxStream,
  pdf: pdfStream,
};

/** The file a job makes: the reports in their format, or the evacuation list (it has no rows). */
function writerOf(job: WorkerJob, rows: AsyncIterable<ExportRow>): Readable {
  if (job.format === 'evacuation.pdf') {
    const sheet = job.meta;
    return documentStream(async () => evacuationDocument(sheet));
  }
  return WRITERS[job.format](rows, job.meta);
}
/** Bytes sent to the server per message: fewer, larger messages cost its event loop less. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The rows as the server sends them, in batches and in the database's order, given to a writer
 * in the pages' order once the last has come.
 */
class IncomingRows implements AsyncIterable<ExportRow> {
  private readonly rows: ExportRow[] = [];
  private readonly ended: Promise<void>;
  end!: () => void;

  constructor() {
    this.ended = new Promise<void>((resolve) => (this.end = resolve));
  }

  push(rows: ExportRow[]): void {
    for (const row of rows) this.rows.push(row);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ExportRow> {
    await this.ended;
    yield* inPagesOrder(this.rows);
  }
}

const port = parentPort!;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function write(job: WorkerJob, rows: IncomingRows): Promise<void> {
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    // A buffer of its own, so it can be handed over rather than copied.
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of pending) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    pending = [];
    size = 0;
    send({ type: 'bytes', bytes }, [bytes.buffer]);
  };
  for await (const chunk of writerOf(job, rows)) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    pending.push(buffer);
    size += buffer.length;
    if (size >= CHUNK_BYTES) flush();
  }
  flush();
}

let rows: IncomingRows | undefined;
port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    const current = new IncomingRows();
    rows = current;
    write(message, current).then(
      () => send({ type: 'done' }),
      (err: unknown) => send({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
  } else if (message.type === 'rows') rows?.push(message.rows);
  else rows?.end();
});
yieldToTheEventLoop();
