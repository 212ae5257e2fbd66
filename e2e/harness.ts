import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from '../server/src/clock';
import { seedFixture, type Fixture } from '../server/test/fixtures';
import { startTestServer, type TestServer } from '../server/test/testServer';
import { DESKTOP, connectBrowser, newContext } from './browser';

export type E2E = { server: TestServer; fx: Fixture; browser: Browser; close: () => Promise<void> };

/** A real server on its own database, the two-school fixture, and a connection to the run's Chromium; optionally on a test clock or with other settings. */
export async function startE2E(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<E2E> {
  const server = await startTestServer(options.env, { clock: options.clock });
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
