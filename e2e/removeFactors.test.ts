import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXTS } from '#protocol/passwordReset';
import { makeUser } from '../server/test/callers';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';
import { ApiClient } from '../server/test/httpClient';
import { ownOriginEnv } from '../server/test/ownOrigin';
import { signedIn } from '../server/test/sessions';
import { PasskeyModel } from '../server/src/core/accounts/passkeyModel';
import { TotpModel } from '../server/src/core/accounts/totpModel';
import { newSecret } from '../server/src/features/secondFactor/totp';
import { UserModel } from '../server/src/core/accounts/userModel';
import { signInThroughForm, waitForToast } from './actions';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { appCode } from './appCodes';

/**
 * 'Fjern også passnøklene og autentiseringsappen' (issue 43) in Chromium, on the change-password page and on
 * the reset-password page: ticked, saving removes the person's passkeys and authenticator app; left
 * alone, both stay. What is left is read over the API afterwards, as the person.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  // The Admin's reset link is built on PUBLIC_ORIGIN: the server's own address here.
  e = await startE2E({ env: await ownOriginEnv() });
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

const NEW_PASSWORD = 'et-nytt-passord-1';
const codeNow = (secret: string) => appCode(e, secret);

/** A passkey and the authenticator app on the account, as Min konto leaves them; answers the app's secret. */
async function giveFactors(user: FixtureUser): Promise<string> {
  const secret = newSecret();
  await TotpModel.create({ userId: user.id, secret, lastStep: -1, recoveryHashes: [], enabledAt: new Date() });
  await PasskeyModel.create({
    userId: user.id,
    credentialId: `telefon-${user.id}`,
    publicKey: 'AA',
    counter: 0,
    name: 'Telefonen',
    createdAt: new Date(),
  });
  await UserModel.updateOne({ _id: user.id }, { $set: { authenticatorApp: true, passkeyCount: 1 } });
  return secret;
}

/** What the account has, as its owner reads it on Min konto. */
async function factorsSeenBy(get: (path: string) => Promise<{ status: number; body: unknown }>) {
  const passkeys = await get('/api/account/passkeys');
  const app = await get('/api/account/totp');
  expect(passkeys.status).toBe(200);
  expect(app.status).toBe(200);
  return { passkeys: (passkeys.body as unknown[]).length, app: (app.body as { enabled: boolean }).enabled };
}

const overPage = (page: Page) => async (path: string) => {
  const res = await page.request.get(path);
  return { status: res.status(), body: await res.json() };
};

/** Signed in over the API with the new password, and the app's code where the app is still on. */
async function apiSignIn(user: FixtureUser, secret: string): Promise<ApiClient> {
  const client = new ApiClient(e.server.baseUrl);
  const res = await client.login(user.email, NEW_PASSWORD);
  if (res.status === 401) {
    expect(res.body).toMatchObject({ code: 'secondFactorRequired' });
    expect((await client.post('/api/auth/second-factor', { code: codeNow(secret) })).status).toBe(200);
  } else expect(res.status).toBe(200);
  return client;
}

describe('Fjern også passnøklene og autentiseringsappen', () => {
  for (const [ticked, viewport] of [
    [true, DESKTOP],
    [false, PHONE],
  ] as const) {
    it(`on Endre passord: ${ticked ? 'ticked, both go' : 'left alone, both stay'} (${viewport.width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const page = await pages.page(viewport);
      await signInThroughForm(page, user.email);
      await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
      await giveFactors(user);
      expect(await factorsSeenBy(overPage(page))).toEqual({ passkeys: 1, app: true });

      await page.goto('/change-password');
      await page.getByTestId('change-password-form').waitFor();
      await page.getByTestId('current-password').fill(PASSWORD);
      await page.getByTestId('new-password').fill(NEW_PASSWORD);
      await page.getByTestId('confirm-password').fill(NEW_PASSWORD);
      const box = page.getByTestId('remove-factors');
      expect(await box.isChecked()).toBe(false);
      if (ticked) await page.getByLabel('Fjern også passnøklene og autentiseringsappen').check();
      await page.getByTestId('change-password-submit').click();
      await waitForToast(page, 'Passord endret');
      // The form is ready for another change: the box unticked again.
      expect(await box.isChecked()).toBe(false);

      // This session goes on; its owner reads what is left.
      expect(await factorsSeenBy(overPage(page))).toEqual(ticked ? { passkeys: 0, app: false } : { passkeys: 1, app: true });
    });
  }

  for (const [ticked, viewport] of [
    [true, PHONE],
    [false, DESKTOP],
  ] as const) {
    it(`on the reset link's page: ${ticked ? 'ticked, both go' : 'left alone, both stay'} (${viewport.width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const secret = await giveFactors(user);
      const admin = await signedIn(e.server.baseUrl, e.fx.a.admin);
      const made = await admin.post<{ link: string }>(`/api/admin/users/${user.id}/password-reset-link`);
      expect(made.status).toBe(201);

      const page = await pages.page(viewport);
      await page.goto(made.body.link);
      await page.getByTestId('reset-form').waitFor();
      await page.getByTestId('reset-new-password').fill(NEW_PASSWORD);
      await page.getByTestId('reset-confirm-password').fill(NEW_PASSWORD);
      expect(await page.getByTestId('remove-factors').isChecked()).toBe(false);
      if (ticked) await page.getByLabel('Fjern også passnøklene og autentiseringsappen').check();
      await page.getByTestId('reset-submit').click();
      await page.getByTestId('reset-done').waitFor();
      expect(await page.getByTestId('reset-done').innerText()).toBe(PASSWORD_RESET_TEXTS.done);

      // Signed in with the new password (and, where the app stayed, its code), the owner reads what is left.
      const owner = await apiSignIn(user, secret);
      expect(await factorsSeenBy((path) => owner.get(path))).toEqual(ticked ? { passkeys: 0, app: false } : { passkeys: 1, app: true });
    });
  }
});
