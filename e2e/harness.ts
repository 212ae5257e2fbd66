import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from '../server/src/clock';
import { seedFixture, type Fixture } from '../server/test/fixtures';
import { startTestServer, type TestServer } from '../server/test/testServer';
import { osloTimeOfDay, RESET_WINDOW_START } from '#protocol/time';
import { TestClock } from '../server/test/testClock';
import { DESKTOP, connectBrowser, newContext, shiftBrowserClocks } from './browser';

export type E2E = { server: TestServer; fx: Fixture; browser: Browser; close: () => Promise<void> };

/**
 * How far behind the wall clock a file's server and browsers run when it has no clock of its own: an
 * hour between 08:00 and 09:00 Oslo time, so a run that happens to fall there does not meet the
 * morning reset (08:30–09:00, when the board writes nothing) while it is the same report day and
 * the same calendar day as the wall clock's; none otherwise.
 */
export function clearOfTheReset(now: Date): number {
  const { hour } = osloTimeOfDay(now);
  // E2E_CLOCK_BEHIND=1 runs any hour as that one does, to try the browser tests on a shifted clock.
  return hour === RESET_WINDOW_START.hour || process.env.E2E_CLOCK_BEHIND === '1' ? 60 * 60_000 : 0;
}

/** A real server on its own database, the two-school fixture, and a connection to the run's Chromium; optionally on a test clock or with other settings. */
export async function startE2E(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<E2E> {
  const shift = options.clock ? 0 : clearOfTheReset(new Date());
  shiftBrowserClocks(shift);
  const clock = shift ? new TestClock(new Date(Date.now() - shift), { ticking: true }) : options.clock;
  const server = await startTestServer(options.env, { clock });
  const fx = await seedFixture();
  const browser = await connectBrowser();
  return {
    server,
    fx,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** The browser contexts a file's tests open, each test's closed after it (`closeAll` in afterEach). */
export function pageOpener(env: () => E2E) {
  const open: BrowserContext[] = [];
  return {
    async context(viewport: { width: number; height: number } = DESKTOP): Promise<BrowserContext> {
      const context = await newContext(env().browser, env().server.baseUrl, viewport);
      open.push(context);
      return context;
    },
    async page(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      return (await this.context(viewport)).newPage();
    },
    async closeAll(): Promise<void> {
      await Promise.all(open.splice(0).map((context) => context.close()));
    },
  };
}
