import { get } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import { SESSION_COOKIE } from '../../plugins/session';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { exportWorkerThreads } from '../../../test/threads';
import type { TestServer } from '../../../test/testServer';
import { addDays } from '#protocol/time';
import { ReportModel } from '../reports/model';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

clock.setOslo('2027-01-10', 12, 0);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
beforeAll(async () => {
  const authors = [fx.a.supervisor, fx.a.admin];
  await ReportModel.of(fx.a.id).insertMany(
    Array.from({ length: 730 }, (_, i) => ({
      schoolId: fx.a.id,
      authorUserId: authors[i % 2]!.id,
      authorName: authors[i % 2]!.name,
      date: addDays('2026-01-01', Math.floor(i / 2)),
      content: `Rapport ${i}. ${'Rolig kveld på internatet, alle i seng til rett tid. '.repeat(10)}`,
    })),
  );
});

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
};

const YEAR = 'from=2026-01-01&to=2026-12-31';
const YEAR_CSV = `/api/reports/export.csv?${YEAR}`;

describe('a cancelled download', () => {
  it('ends the work on it: its worker is ended, and the next export is made by a fresh one', async () => {
    // A finished export leaves its worker waiting for the next.
    const first = await downloadExport(c.adminA, YEAR_CSV);
    expect(first.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(731);
    expect(exportWorkerThreads()).toBe(1);

    // The PDF of a year takes a worker about two seconds; the reader gives up well before, as a
    // browser does when a download is cancelled: it closes the connection.
    let answered = false;
    const pdf = get(
      `${server.baseUrl}/api/reports/export.pdf?${YEAR}`,
      { headers: { cookie: `${SESSION_COOKIE}=${c.adminA.cookie}` } },
      () => (answered = true),
    );
    pdf.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    pdf.destroy();
    expect(await until(() => exportWorkerThreads() === 0)).toBe(true);
    expect(answered).toBe(false);

    const next = await downloadExport(c.adminA, YEAR_CSV);
    expect(next.status).toBe(200);
    expect(next.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(731);
  }, 60_000);
});
