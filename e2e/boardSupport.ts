import type { Browser, BrowserContext, Page } from 'playwright-core';
import { osloInstant } from '#protocol/time';
import type { FixtureUser } from '../server/test/fixtures';
import { signedIn as apiSignedIn } from '../server/test/sessions';
import type { ApiClient } from '../server/test/httpClient';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { TestClock } from '../server/test/testClock';
import { DESKTOP, newContext } from './browser';
import { startE2E, type E2E } from './harness';
import { signIn } from './signIn';

/** Sign in and wait for the landing page: one helper for every browser test (signIn.ts). */
export { signIn };

export type Viewport = { width: number; height: number };

/** A quiet evening shift: far from 08:30–09:00, whatever the machine's own clock says. */
export const SHIFT_DAY = '2026-03-10';
export const EVENING = osloInstant(SHIFT_DAY, 21, 14);

/**
 * A browser context whose clock starts at `at` and then runs on normally, as the server's test
 * clock is set to the same instant. To move it on by minutes, use `passTimeAtTheBoard`.
 */
export async function clockedContext(browser: Browser, baseUrl: string, at: Date, viewport: Viewport = DESKTOP): Promise<BrowserContext> {
  const context = await newContext(browser, baseUrl, viewport);
  await context.clock.install({ time: at });
  return context;
}

/**
 * Moves the page's clock on by whole minutes with someone at the board, moving the pointer each
 * minute as a person would: the two-minute inactivity sign-out is not what these tests are about.
 */
export async function passTimeAtTheBoard(page: Page, minutes: number): Promise<void> {
  for (let minute = 0; minute < minutes; minute++) {
    await page.mouse.move(10 + (minute % 2), 10);
    await page.clock.fastForward('01:00');
  }
}

/** The supervisor's board, loaded: the task buttons and the report editor are there. */
export async function openBoard(context: BrowserContext, user: FixtureUser): Promise<Page> {
  const page = await signIn(context, user, '/tilsynsvakt');
  await page.getByTestId('task-1').waitFor();
  return page;
}

export function api(baseUrl: string, user: FixtureUser): Promise<ApiClient> {
  return apiSignedIn(baseUrl, user);
}

/** Text of an element with its whitespace collapsed, as a person reads it. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
}

/** The browser contexts of one test file, all on its clock; `reset` closes them and turns the clock back to EVENING. */
export function clockedContexts(env: () => E2E, clock: TestClock) {
  const open: BrowserContext[] = [];
  return {
    async open(viewport: Viewport = DESKTOP): Promise<BrowserContext> {
      const created = await clockedContext(env().browser, env().server.baseUrl, EVENING, viewport);
      open.push(created);
      return created;
    },
    async reset(): Promise<void> {
      clock.set(EVENING);
      await Promise.all(open.splice(0).map((context) => context.close()));
    },
  };
}

/** A screenshot for a person to look at, after checking nothing sticks out sideways. */
/**
 * A test file's server and browser on the shift's evening clock (EVENING): started before its
 * tests, every test's contexts closed (and the clock turned back) after it. `t.e` is the server.
 */
export function eveningE2E() {
  const clock = new TestClock(EVENING, { ticking: true });
  let e: E2E | undefined;
  const contexts = clockedContexts(() => e!, clock);
  beforeAll(async () => {
    e = await startE2E({ clock });
  });
  afterEach(() => contexts.reset());
  afterAll(async () => e?.close());
  return {
    clock,
    contexts,
    get e(): E2E {
      return e!;
    },
  };
}
