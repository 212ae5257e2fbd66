import type { BrowserContext, Page } from 'playwright-core';
import { loginResponseSchema } from '#protocol/auth';
import { STORAGE_KEY_AUTH, STORAGE_KEY_SESSION } from '#protocol/product';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';

/** A same-origin document that loads no app: the page's sign-in call is then made from the site itself. */
const QUIET_PAGE = '/favicon.svg';

/**
 * Signs the page's browser in through the spec's login call (POST /api/auth/login, made by the page
 * as the app makes it) instead of the form, then opens `path` as a reload of a signed-in page would:
 * the app boots from the session cookie. The cookies (session and device) are the browser's own,
 * and the user and session id are kept where the form's sign-in keeps them
 * (client/src/stores/authStorage.ts), so the app starts as after the form, without its welcome
 * toast. On /login (the default) the app sends a signed-in user on to their landing page. The
 * sign-in forms' own tests use signInThroughForm.
 */
export async function signInThroughApi(page: Page, email: string, password = PASSWORD, path = '/login'): Promise<void> {
  await page.goto(QUIET_PAGE);
  const { status, body } = await page.evaluate(
    async ({ email, password, keys }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ email, password }),
      });
      const answer = (await response.json()) as { user?: unknown; sessionId?: string; browserCompatible?: boolean };
      if (response.ok && answer.browserCompatible) {
        localStorage.setItem(keys.auth, JSON.stringify({ user: answer.user }));
        localStorage.setItem(keys.session, answer.sessionId ?? '');
      }
      return { status: response.status, body: answer as unknown };
    },
    { email, password, keys: { auth: STORAGE_KEY_AUTH, session: STORAGE_KEY_SESSION } },
  );
  if (status !== 200) throw new Error(`sign-in as ${email} failed: ${status} ${JSON.stringify(body)}`);
  // A second step (a passkey or a code) answers otherwise: such tests sign in through the form.
  loginResponseSchema.parse(body);
  await page.goto(path);
}

/**
 * Signs a new page of the context in (through the API) on `path` (the user's landing page, or the
 * screen the test is about), opened straight away rather than through /login and the landing
 * page, and waits until it is there (a pending user's page too).
 */
export async function signIn(context: BrowserContext, user: Pick<FixtureUser, 'email'>, path: string): Promise<Page> {
  const page = await context.newPage();
  await signInThroughApi(page, user.email, PASSWORD, path);
  const { pathname } = new URL(path, 'http://page');
  await page.waitForURL((url) => url.pathname === pathname);
  return page;
}
