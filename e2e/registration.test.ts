import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../server/src/core/accounts/userModel';
import { waitForToast } from './actions';
import { signInThroughApi } from './signIn';
import { newContext, PHONE, screenshot } from './browser';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

describe('registration, live', () => {
  it('a newcomer registers and waits; the admin’s pending count rises without a reload', async () => {
    const adminContext = await newContext(e.browser, e.server.baseUrl);
    const admin = await adminContext.newPage();
    await signInThroughApi(admin, e.fx.a.admin.email);
    await admin.waitForURL('**/admin');
    const badge = admin.getByTestId('pending-count');
    await expect.poll(() => badge.innerText()).toBe('1');
    await admin.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });

    const newcomerContext = await newContext(e.browser, e.server.baseUrl, PHONE);
    const newcomer = await newcomerContext.newPage();
    await newcomer.goto('/register');
    await newcomer.getByTestId('register-school').click();
    await newcomer.getByRole('option', { name: 'Skole A' }).click();
    await newcomer.getByTestId('register-name').fill('Siri Ny');
    await newcomer.getByTestId('register-email').fill('siri@test.no');
    await newcomer.getByTestId('register-password').fill('hemmelig');
    await newcomer.getByTestId('register-submit').click();
    await waitForToast(newcomer, 'Registrering fullført');
    await newcomer.getByTestId('pending-screen').waitFor();
    expect(await newcomer.getByRole('heading', { name: 'Venter på godkjenning' }).isVisible()).toBe(true);
    expect(await newcomer.getByText('Kontoen din må godkjennes av en administrator før du kan bruke systemet.').isVisible()).toBe(true);
    await screenshot(newcomer, 'pending-375');

    await expect.poll(() => badge.innerText(), { timeout: 5000 }).toBe('2');
    await screenshot(admin, 'admin-menu-1280');
    expect(await admin.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);

    // An admin of another school sees no change.
    const otherContext = await newContext(e.browser, e.server.baseUrl);
    const other = await otherContext.newPage();
    await signInThroughApi(other, e.fx.b.admin.email);
    await other.waitForURL('**/admin');
    await expect.poll(() => other.getByTestId('pending-count').innerText()).toBe('1');

    await Promise.all([adminContext.close(), newcomerContext.close(), otherContext.close()]);
  });

  it('answers a taken e-mail as any other, so the form tells nobody who has an account', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByTestId('register-school').click();
    await page.getByRole('option', { name: 'Skole B' }).click();
    await page.getByTestId('register-name').fill('Dobbel');
    await page.getByTestId('register-email').fill(e.fx.b.supervisor.email);
    await page.getByTestId('register-password').fill('hemmelig');
    await page.getByTestId('register-submit').click();
    expect(await waitForToast(page, 'Registrering fullført')).toContain('Registreringen er mottatt');
    await context.close();
  });

  it('a reconnecting client fetches what it missed', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const admin = await context.newPage();
    await signInThroughApi(admin, e.fx.b.admin.email);
    await admin.waitForURL('**/admin');
    const badge = admin.getByTestId('pending-count');
    await expect.poll(() => badge.innerText()).toBe('1');
    // A registration over the API arrives as an event: proof that the socket is connected.
    const registered = await fetch(`${e.server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ schoolId: e.fx.b.id, name: 'Med Hendelse', email: 'hendelse@test.no', password: 'hemmelig' }),
    });
    expect(registered.status).toBe(201);
    await expect.poll(() => badge.innerText()).toBe('2');

    // Written straight to the database: no event, so only a refetch can show it.
    await UserModel.create({
      name: 'Uten Hendelse',
      email: 'stille@test.no',
      passwordHash: 'x',
      role: 'Tilsynsvakt',
      status: 'pending',
      schoolId: e.fx.b.id,
    });
    // Another registration's event arrives after it: had the silent one been shown, the count would be 4.
    const after = await fetch(`${e.server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ schoolId: e.fx.b.id, name: 'Etter Hendelse', email: 'etter@test.no', password: 'hemmelig' }),
    });
    expect(after.status).toBe(201);
    await expect.poll(() => badge.innerText()).toBe('3');

    e.server.app.realtime.disconnectUser(e.fx.b.admin.id);
    await expect.poll(() => badge.innerText(), { timeout: 10_000 }).toBe('4');
    await context.close();
  });
});
