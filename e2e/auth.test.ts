import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEY_AUTH, STORAGE_KEY_LAST_ACCOUNT, STORAGE_KEY_SESSION } from '#protocol/product';
import { PASSWORD } from '../server/test/fixtures';
import { signInThroughForm, waitForToast } from './actions';
import { DESKTOP, newContext, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

describe('signing in', () => {
  it('lands each role on its home and stores the session keys', async () => {
    const cases = [
      [e.fx.a.admin.email, '/admin'],
      [e.fx.a.supervisor.email, '/tilsynsvakt'],
      [e.fx.a.caretaker.email, '/vaktmester'],
    ] as const;
    for (const [email, path] of cases) {
      const context = await newContext(e.browser, e.server.baseUrl);
      const page = await context.newPage();
      await signInThroughForm(page, email);
      await page.waitForURL((url) => url.pathname === path);
      expect(await waitForToast(page, 'Vellykket')).toContain('Du er nå logget inn');
      const stored = await page.evaluate(
        ([a, s]) => [localStorage.getItem(a!), localStorage.getItem(s!)],
        [STORAGE_KEY_AUTH, STORAGE_KEY_SESSION],
      );
      expect(JSON.parse(stored[0]!)).toMatchObject({ user: { email } });
      expect(stored[1]).toMatch(/^[0-9a-f]{32}$/);
      await context.close();
    }
  });

  it('a first visit asks nothing it would be refused, so the console stays clean; a reload after sign-in resumes the session', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    const meCalls: number[] = [];
    const consoleErrors: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/me') meCalls.push(response.status());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/tilsynsvakt');
    await page.getByTestId('login-form').waitFor();
    expect(meCalls).toEqual([]);

    await signInThroughForm(page, e.fx.a.supervisor.email);
    await page.waitForURL('**/tilsynsvakt');
    await page.reload();
    await page.getByTestId('task-1').waitFor();
    expect(meCalls).toEqual([200]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('does not tell a user waiting for approval that they are signed in', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.a.pending.email);
    await page.getByTestId('pending-screen').waitFor();
    // The welcome toast is raised in the same step that shows this screen, so it would be here now.
    expect(await page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });

  it('shows the server message and the browser name when sign-in fails', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.a.admin.email, 'feil-passord');
    const text = await waitForToast(page, 'Innloggingsfeil');
    expect(text).toContain('Feil e-post eller passord (Chrome)');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('turns the Plattformadministrator away from the normal login, to the portal', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.platformAdmin.email);
    await page.waitForURL('**/plattformadministrator-login');
    const text = await waitForToast(page, 'Feil innloggingsside');
    expect(text).toContain('Plattformadministrator-brukere må logge inn via Plattformadministrator Portal');
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status));
    expect(me).toBe(401);

    await page.getByTestId('platform-login-email').fill(e.fx.platformAdmin.email);
    await page.getByTestId('platform-login-password').fill(PASSWORD);
    await page.getByTestId('platform-login-submit').click();
    await page.waitForURL('**/plattformadministrator');
    await page.getByTestId('platform-home').waitFor();
    await context.close();
  });

  it('refuses other roles on the platform portal', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/plattformadministrator-login');
    await page.getByTestId('platform-login-submit').click();
    expect(await waitForToast(page, 'Vennligst fyll ut alle feltene')).toContain('Feil');
    await page.getByTestId('platform-login-email').fill(e.fx.a.admin.email);
    await page.getByTestId('platform-login-password').fill(PASSWORD);
    await page.getByTestId('platform-login-submit').click();
    expect(await waitForToast(page, 'Tilgang nektet')).toContain('Denne innloggingen er kun for Plattformadministrator-kontoer');
    expect(await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status))).toBe(401);
    await context.close();
  });

  it('signs out after two minutes without activity (shortened here), clearing local data', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    await context.clock.install();
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.b.supervisor.email);
    await page.waitForURL('**/tilsynsvakt');
    await page.getByTestId('report-text').waitFor();
    // One minute of quiet is not enough; two are.
    await page.clock.fastForward('01:00');
    expect(await page.getByTestId('login-form').count()).toBe(0);
    await page.clock.fastForward('01:01');
    await page.getByTestId('login-form').waitFor({ timeout: 10_000 });
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY_AUTH)).toBeNull();
    expect(await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status))).toBe(401);
    await context.close();
  });

  it('logs out with the button, even when the server cannot be reached', async () => {
    const context = await newContext(e.browser, e.server.baseUrl, PHONE);
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.b.caretaker.email);
    await page.waitForURL('**/vaktmester');
    await context.route('**/api/auth/logout', (route) => route.abort());
    await page.getByTestId('logout-button').click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY_AUTH)).toBeNull();
    // The cookie outlived the failed call; once the server is reachable the next start ends it.
    await context.unroute('**/api/auth/logout');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    await expect.poll(() => page.evaluate(() => fetch('/api/auth/me').then((r) => r.status))).toBe(401);
    await context.close();
  });
});

/**
 * Opens /login with the page's scripts held back: the prerendered form is there to type into, but
 * React has not taken it over. `release` lets the scripts run.
 */
async function loginBeforeItsScript(context: BrowserContext): Promise<{ page: Page; release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  // Not 'domcontentloaded': that event waits for the page's module scripts, which are held.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByTestId('login-email').waitFor();
  return { page, release };
}

describe('typing before the page’s script has run', () => {
  it('keeps the e-mail and password typed into the prerendered form, and signs in with them', async () => {
    const context = await newContext(e.browser, e.server.baseUrl, PHONE);
    const { page, release } = await loginBeforeItsScript(context);
    await page.getByTestId('login-email').fill(e.fx.a.supervisor.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    release();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
    await context.close();
  });

  it('a typed e-mail wins over the one remembered on the device', async () => {
    const context = await newContext(e.browser, e.server.baseUrl, DESKTOP);
    await context.addInitScript(
      ([key, email]) => localStorage.setItem(key!, JSON.stringify({ email, passkey: false })),
      [STORAGE_KEY_LAST_ACCOUNT, e.fx.a.admin.email],
    );
    const { page, release } = await loginBeforeItsScript(context);
    await page.getByTestId('login-email').fill(e.fx.a.caretaker.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    release();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/vaktmester');
    await context.close();
  });

  it('an untouched form gets the remembered e-mail, with the password field focused', async () => {
    const context = await newContext(e.browser, e.server.baseUrl, DESKTOP);
    await context.addInitScript(
      ([key, email]) => localStorage.setItem(key!, JSON.stringify({ email, passkey: false })),
      [STORAGE_KEY_LAST_ACCOUNT, e.fx.a.admin.email],
    );
    const { page, release } = await loginBeforeItsScript(context);
    release();
    await expect.poll(() => page.getByTestId('login-email').inputValue()).toBe(e.fx.a.admin.email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin');
    await context.close();
  });
});

describe('change password', () => {
  it('checks the confirmation and length, then changes it', async () => {
    const context = await newContext(e.browser, e.server.baseUrl, DESKTOP);
    const page = await context.newPage();
    await signInThroughForm(page, e.fx.b.admin.email);
    await page.waitForURL('**/admin');
    await page.goto('/change-password');
    await page.getByTestId('current-password').fill(PASSWORD);
    await page.getByTestId('new-password').fill('nyttpassord');
    await page.getByTestId('confirm-password').fill('annetpassord');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Nye passord stemmer ikke overens').first().waitFor();
    await page.getByTestId('new-password').fill('123');
    await page.getByTestId('confirm-password').fill('123');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Nytt passord må være minst 6 tegn').first().waitFor();
    await page.getByTestId('new-password').fill('nyttpassord');
    await page.getByTestId('confirm-password').fill('nyttpassord');
    await page.getByTestId('change-password-submit').click();
    await waitForToast(page, 'Passord endret');
    const status = await page.evaluate(
      ([email]) =>
        fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ email, password: 'nyttpassord' }),
        }).then((r) => r.status),
      [e.fx.b.admin.email],
    );
    expect(status).toBe(200);
    await context.close();
  });
});
