import type { Browser } from 'playwright-core';
import type { Clock } from '../server/src/clock';
import { seedFixture, type Fixture } from '../server/test/fixtures';
import { startTestServer, type TestServer } from '../server/test/testServer';
import { launchBrowser } from './browser';

export type E2E = { server: TestServer; fx: Fixture; browser: Browser; close: () => Promise<void> };

/** A real server on its own database, the two-school fixture, and headless Chromium; optionally on a test clock. */
export async function startE2E(options: { clock?: Clock } = {}): Promise<E2E> {
  const server = await startTestServer({}, { clock: options.clock });
  const fx = await seedFixture();
  const browser = await launchBrowser();
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
