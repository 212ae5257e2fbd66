import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { exportWorkerThreads, niceOfThread } from '../../../test/threads';
import { ExportPool } from './exportPool';
import type { ExportMeta, ExportRow } from './rows';

const META: ExportMeta = {
  school: 'Skole A',
  period: '1. mars 2026 – 31. mars 2026',
  from: '2026-03-01',
  to: '2026-03-31',
  madeBy: 'Admin A',
  madeAt: '1. april 2026 kl. 12:00',
  rollCalls: [],
};
const row = (i: number): ExportRow => ({
  day: '2026-03-01',
  date: '1. mars 2026',
  author: `Tilsyn ${i}`,
  authorId: String(i).padStart(24, '0'),
  tasks: 'Tilsynsrunde internat',
  away: '',
  locked: 'Nei',
  text: `Rapport ${i}. ${'Rolig kveld på internatet, alle i seng. '.repeat(8)}`,
  editedBy: '',
});

/** Rows as the database gives them, noting whether the reader let go of them (the cursor closed). */
function source(count: number) {
  const seen = { given: 0, closed: false };
  async function* rows(): AsyncGenerator<ExportRow> {
    try {
      for (let i = 0; i < count; i++) {
        seen.given += 1;
        yield row(i);
      }
    } finally {
      seen.closed = true;
    }
  }
  return { rows: rows(), seen };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
};

let pool: ExportPool;
afterEach(async () => pool?.close());

describe('the export pool', () => {
  it('makes each format in a worker thread and streams its bytes back', async () => {
    pool = new ExportPool(1);
    const csv = (await bytesOf(pool.run('csv', META, source(3).rows))).toString('utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4);
    expect(csv).toContain('"Tilsyn 2"');
    const pdf = await bytesOf(pool.run('pdf', META, source(3).rows));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await bytesOf(pool.run('xlsx', META, source(3).rows));
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    expect(pool.state).toEqual({ workers: 1, running: 0, waiting: 0 });
  }, 60_000);

  it('on Linux the workers run at the lowest priority (nice 19) beside the event loop at 0', async () => {
    pool = new ExportPool(1);
    await bytesOf(pool.run('csv', META, source(1).rows));
    expect(niceOfThread(process.pid)).toBe(0);
    expect(exportWorkerThreads()).toBe(1);
  }, 60_000);

  it('more exports than workers wait their turn, and each gets its own file', async () => {
    pool = new ExportPool(1);
    const outs = [5, 6, 7].map((n) => pool.run('csv', META, source(n).rows));
    expect(pool.state).toMatchObject({ running: 1, waiting: 2 });
    const files = await Promise.all(outs.map(bytesOf));
    expect(files.map((file) => file.toString('utf8').split('\r\n').filter(Boolean).length)).toEqual([6, 7, 8]);
    expect(pool.state).toEqual({ workers: 1, running: 0, waiting: 0 });
  }, 60_000);

  it('a cancelled download stops its work: the rows are let go, the worker is ended and replaced', async () => {
    pool = new ExportPool(1);
    const big = source(4000);
    const pdf = pool.run('pdf', META, big.rows);
    const waiting = source(2);
    const queued = pool.run('pdf', META, waiting.rows);
    // Cancelled while waiting: it leaves the queue and its rows are never read.
    queued.destroy();
    await until(() => big.seen.given > 100);
    pdf.destroy();
    await until(() => big.seen.closed);
    expect(waiting.seen.given).toBe(0);
    await until(() => pool.state.workers === 0);
    // The next export gets a fresh worker at once, not after the cancelled layout.
    const next = (await bytesOf(pool.run('csv', META, source(1).rows))).toString('utf8');
    expect(next).toContain('Tilsyn 0');
    expect(pool.state).toEqual({ workers: 1, running: 0, waiting: 0 });
  }, 60_000);

  it('a failing row source fails its own export only', async () => {
    pool = new ExportPool(1);
    async function* broken(): AsyncGenerator<ExportRow> {
      yield row(0);
      throw new Error('databasen svarte ikke');
    }
    await expect(bytesOf(pool.run('csv', META, broken()))).rejects.toThrow('databasen svarte ikke');
    expect((await bytesOf(pool.run('csv', META, source(1).rows))).toString('utf8')).toContain('Tilsyn 0');
  }, 60_000);

  it('a closed pool refuses new exports and ends its workers', async () => {
    pool = new ExportPool(2);
    await bytesOf(pool.run('csv', META, source(1).rows));
    await pool.close();
    expect(pool.state.workers).toBe(0);
    await expect(bytesOf(pool.run('csv', META, source(1).rows))).rejects.toThrow('Eksporten kunne ikke lages');
  }, 60_000);
});
