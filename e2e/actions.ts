import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from '../server/test/fixtures';
import { screenshot } from './browser';
import { signInThroughApi } from './signIn';

export async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Waits for a toast showing this text and returns everything it says (title and description). */
export async function waitForToast(page: Page, text: string): Promise<string> {
  // Found and read in one step in the page: a toast can time out between a wait and a later read on a busy machine.
  const said = await page.waitForFunction((wanted) => {
    const normalize = (value: string) => value.replace(/\s+/g, ' ').trim();
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
    const shown = toasts.filter((toast) => normalize(toast.innerText).toLowerCase().includes(normalize(wanted).toLowerCase()));
    return shown.length > 0 ? normalize(shown.at(-1)!.innerText) : false;
  }, text);
  return (await said.jsonValue()) as string;
}

/** Signs the Plattformadministrator in (through the API: the portal's form has its own tests in auth.test.ts) and waits for the dashboard. */
export async function signInPlatform(page: Page, email: string, password = PASSWORD): Promise<void> {
  await signInThroughApi(page, email, password);
  await page.waitForURL((url) => url.pathname === '/plattformadministrator');
}

/** Marks the page; `wasReloaded` tells whether it has been loaded again since. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
}

export async function wasReloaded(page: Page): Promise<boolean> {
  return !(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true));
}

/** How far the page sticks out sideways (0 when nothing does). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Closes the toasts there are, if any: on a phone one covers the bottom of the list for 5 s. Clicked
 * as soon as its button shows (a toast still sliding in has none yet), since a toast in a window
 * without focus keeps its time running only once the window has focus (Radix pauses it).
 */
export async function dismissToast(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  const close = toasts.getByRole('button', { name: 'Lukk' }).first();
  for (const giveUpAt = Date.now() + 30_000; (await toasts.count()) > 0;) {
    if (Date.now() > giveUpAt) throw new Error('the toast did not close');
    if (await close.isVisible()) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await page.waitForTimeout(50);
  }
}

/** A screenshot to look at, of a page that does not scroll sideways. */
export async function shoot(page: Page, name: string): Promise<void> {
  expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

/**
 * The API reads the page makes from now on ('GET /api/…'): an update that arrived with none came
 * over the page's socket, live.
 */
export function readsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) seen.push(`GET ${url.pathname}`);
  });
  return seen;
}

/**
 * A phone walking into a Wi-Fi hole (true) and out of it (false). The browser's offline switch
 * alone let a request through now and then around a reload in the hole (a roll call's mark reached
 * the server 'off line' in one CI run of four), so every call to the server is blocked as well, in
 * the network layer (DevTools' blocked URLs: a Playwright route would bypass the service worker
 * that serves the app in the hole).
 */
export async function wifiHole(context: BrowserContext, inHole: boolean): Promise<void> {
  if (inHole) {
    await context.setOffline(true);
    for (const page of context.pages()) {
      const session = await context.newCDPSession(page);
      await session.send('Network.enable');
      await session.send('Network.setBlockedURLs', { urls: ['*/api/*'] });
      holes.set(page, session);
    }
  } else {
    for (const page of context.pages()) await holes.get(page)?.send('Network.setBlockedURLs', { urls: [] });
    await context.setOffline(false);
  }
}
/** Each page's DevTools session that blocks its calls while it is in a hole (the block is the session's). */
const holes = new WeakMap<Page, CDPSession>();
