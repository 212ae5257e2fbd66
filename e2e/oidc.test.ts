import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_FAILURES } from '#protocol/oidc';
import { CODE_STEP_PARAM, CODE_STEP_VALUE, SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { startTestProviders, type TestProviders } from '../server/test/oidcProvider';
import { UserModel } from '../server/src/core/accounts/userModel';
import { TotpModel } from '../server/src/core/accounts/totpModel';
import { newSecret } from '../server/src/features/secondFactor/totp';
import { makeUser } from '../server/test/callers';
import { dismissToast, shoot, waitForToast } from './actions';
import { signInThroughApi } from './signIn';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { appCode } from './appCodes';
import { tabTo } from './keyboard';

/**
 * Sign-in through an OpenID provider in Chromium (issue 33), against a real provider
 * (oidc-provider, server/test/oidcProvider.ts) on loopback: its login interaction signs in the
 * account the test chose, so the browser goes the whole way by itself: to the provider and back.
 */
let idps: TestProviders;
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  idps = await startTestProviders();
  e = await startE2E({ env: idps.env });
  idps.attach(e.server.baseUrl);
});
afterEach(() => pages.closeAll());
afterAll(async () => {
  await e?.close();
  await idps?.close();
});

const codeFor = (secret: string, ahead = 0) => appCode(e, secret, ahead);

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
}

describe('Logg inn med Feide', () => {
  it('goes to the provider and back, signed in on the landing page; sign-out ends the session there too', async () => {
    const who = { sub: 'feide-tilsyn-a', email: e.fx.a.supervisor.email, email_verified: true, name: 'Tilsyn A' };
    idps.feide.signInAs(who);
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await pages.page(viewport);
      await page.goto('/login');
      await page.getByTestId('provider-feide').waitFor();
      expect(await page.getByTestId('provider-buttons').getByRole('link').allInnerTexts()).toEqual([
        'Logg inn med Feide',
        'Logg inn med Microsoft',
      ]);
      await expectAccessible(page, `login ${viewport.width}`);
      await shoot(page, `oidc-login-${viewport.width}`);
    }

    // By keyboard alone: Tab to the button, Enter.
    const page = await pages.page(DESKTOP);
    await page.goto('/login');
    await page.getByTestId('provider-feide').waitFor();
    await tabTo(page, page.getByTestId('provider-feide'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
    await page.getByTestId('task-1').waitFor();

    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.origin === e.server.baseUrl && url.pathname === '/login');
    await page.getByTestId('login-form').waitFor();
    expect(idps.feide.endedSessions).toContain(who.sub);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  it('with the authenticator app on, asks for its code on the sign-in page after the provider; a wrong one is refused', async () => {
    const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const secret = newSecret();
    await TotpModel.create({ userId: user.id, secret, lastStep: -1, recoveryHashes: [], enabledAt: new Date() });
    await UserModel.updateOne({ _id: user.id }, { $set: { authenticatorApp: true } });
    const who = { sub: 'feide-med-kodeapp', email: user.email, email_verified: true, name: user.name };
    let signedIn: Page | undefined;
    for (const [step, viewport] of [PHONE, DESKTOP].entries()) {
      idps.feide.signInAs(who);
      const page = await pages.page(viewport);
      await page.goto('/login');
      await page.getByTestId('provider-feide').click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === `?${CODE_STEP_PARAM}=${CODE_STEP_VALUE}`);
      await page.getByTestId('login-code-form').waitFor();
      // The step focuses the field it asks for (issue 45).
      const field = page.getByTestId('login-code');
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      await expectAccessible(page, `code step ${viewport.width}`);
      await shoot(page, `oidc-code-step-${viewport.width}`);

      const code = codeFor(secret, step);
      await page.getByTestId('login-code').fill(code.replace(/.$/, (digit) => String((Number(digit) + 5) % 10)));
      await page.getByTestId('login-code-submit').click();
      await waitForToast(page, SECOND_FACTOR_TEXTS.wrongCode);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      await dismissToast(page);
      await page.getByTestId('login-code').fill(code);
      await page.getByTestId('login-code-submit').click();
      await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
      await page.getByTestId('task-1').waitFor();
      expect((await (await page.request.get('/api/auth/me')).json()).user).toMatchObject({ id: user.id });
      signedIn = page;
    }

    // Signed in this way, sign-out still ends the session at the provider.
    const page = signedIn!;
    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.origin === e.server.baseUrl && url.pathname === '/login');
    expect(idps.feide.endedSessions).toContain(who.sub);
  });

  it('brings a refusal back to /login in Norwegian, with no session', async () => {
    idps.microsoft.signInAs({ sub: 'ms-deaktivert', email: e.fx.a.deactivated.email, email_verified: true, name: 'Deaktivert' });
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await pages.page(viewport);
      await page.goto('/login');
      await page.getByTestId('provider-microsoft').click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search.includes('innlogging=deactivated'));
      expect(await page.getByTestId('provider-failure').innerText()).toBe(OIDC_FAILURES.deactivated);
      await expectAccessible(page, `refused ${viewport.width}`);
      await shoot(page, `oidc-refused-${viewport.width}`);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    }
  });

  it('shows no provider buttons on the Plattformadministrator’s login', async () => {
    const page = await pages.page(DESKTOP);
    await page.goto('/plattformadministrator-login');
    await page.getByTestId('platform-login-form').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('provider-buttons').count()).toBe(0);
  });
});

describe('an unknown identity', () => {
  it('comes to the registration form with name and e-mail filled in, chooses the school and waits for approval', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const email = `ny.${viewport.width}@skole.no`;
      idps.feide.signInAs({ sub: `feide-ny-${viewport.width}`, email, email_verified: true, name: 'Nora Nyansatt' });
      const page = await pages.page(viewport);
      await page.goto('/login');
      await page.getByTestId('provider-feide').click();
      await page.waitForURL((url) => url.pathname === '/register');
      await page.getByTestId('oidc-register-form').waitFor();
      expect(await page.getByTestId('register-name').inputValue()).toBe('Nora Nyansatt');
      expect(await page.getByTestId('register-email').inputValue()).toBe(email);
      expect(await page.getByLabel('Passord').count()).toBe(0);
      await expectAccessible(page, `register ${viewport.width}`);
      await shoot(page, `oidc-register-${viewport.width}`);

      // By keyboard: Tab to the school (the same select as the password registration's), open it, choose, Tab on, send.
      await tabTo(page, page.getByTestId('register-school'));
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: 'Skole A' }).waitFor();
      await page.getByRole('option', { name: 'Skole A' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('register-school').innerText()).toContain('Skole A');
      await tabTo(page, page.getByTestId('register-submit'));
      await page.keyboard.press('Enter');
      await page.getByTestId('pending-screen').waitFor();
      const stored = await UserModel.findOne({ email }).lean();
      expect(stored).toMatchObject({ status: 'pending', passwordHash: null });
    }
  });
});

describe('the Admin’s users screen', () => {
  it('says how each user signs in, and removes a link', async () => {
    // The supervisor of school A is linked to Feide by the first test.
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await pages.page(viewport);
      await signInThroughApi(page, e.fx.a.admin.email);
      await page.waitForURL('**/admin');
      await page.goto('/admin/brukere');
      await page.getByTestId('tab-all').click();
      const row = page.getByTestId('school-user').filter({ hasText: e.fx.a.supervisor.email });
      expect(await row.getByTestId('sign-in-methods').innerText()).toBe('Innlogging: Passord, Feide');
      expect(
        await page.getByTestId('school-user').filter({ hasText: e.fx.a.caretaker.email }).getByTestId('sign-in-methods').innerText(),
      ).toBe('Innlogging: Passord');
      await expectAccessible(page, `users ${viewport.width}`);
      await shoot(page, `oidc-admin-users-${viewport.width}`);
      if (viewport === DESKTOP) {
        await row.getByTestId('user-menu').click();
        await page.getByTestId('unlink-feide').click();
        expect(await waitForToast(page, 'Koblingen til Feide er fjernet')).toBeTruthy();
        await expect.poll(() => row.getByTestId('sign-in-methods').innerText()).toBe('Innlogging: Passord');
      }
    }
  });
});
