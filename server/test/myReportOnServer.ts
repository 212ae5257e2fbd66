import type { Report } from '#protocol/reports';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ReportModel } from '../src/features/reports/model';
import { ReportVersionModel } from '../src/features/reports/versionModel';
import { clientBrowser, type ClientBrowser } from './clientBrowser';
import { deleteEverywhere } from './everySchool';
import type { Fixture } from './fixtures';
import type { Callers } from './callers';
import type { ApiClient } from './httpClient';
import { writeMyReport } from './reportWrites';
import { startSeededServer } from './seededServer';
import { signedIn } from './sessions';
import { TestClock } from './testClock';
import type { TestServer } from './testServer';

/** Friday 20 November 2026, the report day the server has open at the start of each test (21:00 Oslo). */
export const DAY = '2026-11-20';
export const NEXT_DAY = '2026-11-21';

export interface MyReportOnServer {
  server: TestServer;
  fx: Fixture;
  c: Callers;
  /** The app's clock: it runs on from where a test sets it, so each write is later than the one before. */
  clock: TestClock;
  /** Kari's browser, where the client's stores run (signed in as the supervisor of school A). */
  browser: ClientBrowser;
  /** Kari's phone: her other device, signed in on a session of its own. */
  phone: ApiClient;
  /** Saves a text from the phone as the app does, on the version the day has now; the server's answer. */
  phoneSaves(date: string, content: string, ticks?: string[]): Promise<Report>;
}

/**
 * The real server on a database of its own for a file of client store tests, with Kari's
 * browser and phone. Before each test the reports are gone, the day is DAY at 21:00 Oslo, the
 * browser is on line with nothing held and nothing stored, and `resetPage` has emptied the
 * page's stores (as a reload does).
 */
export function myReportOnServer(resetPage: () => void): MyReportOnServer {
  const env = { clock: new TestClock(new Date(), { ticking: true }) } as MyReportOnServer;

  beforeAll(async () => {
    const { server, fx, c } = await startSeededServer({}, { clock: env.clock });
    Object.assign(env, { server, fx, c, phone: await signedIn(server.baseUrl, fx.a.supervisor) });
  });
  beforeEach(async () => {
    env.clock.setOslo(DAY, 21, 0);
    await deleteEverywhere(ReportModel);
    await deleteEverywhere(ReportVersionModel);
    env.browser = clientBrowser(env.c.supervisorA);
    resetPage();
  });
  afterEach(() => env.browser.close());
  afterAll(async () => env.server?.close());

  env.phoneSaves = async (date, content, ticks = []) => {
    const saved = await writeMyReport(env.phone, date, content, ticks);
    if (saved.status !== 200) throw new Error(`The phone's save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
    return saved.body as unknown as Report;
  };
  return env;
}
