import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughForm } from './actions';
import { signInThroughApi } from './signIn';
import { DESKTOP, newContext, PHONE, screenshot } from './browser';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const widths = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

/** Nothing may stick out sideways at phone width. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('signed-out screens', () => {
  for (const [label, viewport] of widths) {
    it(`render at ${label} px`, async () => {
      const context = await newContext(e.browser, e.server.baseUrl, viewport);
      const page = await context.newPage();

      for (const path of ['/', '/login', '/finnes/ikke']) {
        await page.goto(path);
        await page.getByTestId('login-form').waitFor();
        expect(await page.getByRole('button', { name: 'Logg inn', exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Opprett ny konto' }).getAttribute('href')).toBe('/register');
      }
      await expectNoHorizontalScroll(page);
      await screenshot(page, `login-${label}`);

      await page.goto('/register');
      await page.getByTestId('register-submit').waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `register-${label}`);

      await page.goto('/plattformadministrator-login');
      await page.getByTestId('platform-login-submit').waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `platform-login-${label}`);
      await context.close();
    });

    it(`pending, deactivated, 404 and change-password render at ${label} px`, async () => {
      const context = await newContext(e.browser, e.server.baseUrl, viewport);
      const page = await context.newPage();
      await signInThroughForm(page, e.fx.b.pending.email);
      await page.getByTestId('pending-screen').waitFor();
      await screenshot(page, `pending-${label}`);
      await page.getByTestId('back-to-login').click();
      await page.getByTestId('login-form').waitFor();

      await signInThroughForm(page, e.fx.b.deactivated.email);
      await page.getByTestId('deactivated-screen').waitFor();
      expect(await page.getByRole('heading', { name: 'Konto deaktivert' }).isVisible()).toBe(true);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `deactivated-${label}`);
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());

      await signInThroughApi(page, e.fx.b.supervisor.email);
      await page.waitForURL('**/tilsynsvakt');
      await screenshot(page, `supervisor-home-${label}`);
      await page.goto('/finnes/ikke');
      await page.getByTestId('not-found').waitFor();
      await screenshot(page, `not-found-${label}`);
      await page.goto('/change-password');
      await page.getByTestId('change-password-submit').waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `change-password-${label}`);
      await context.close();
    });
  }

  it('redirects the old /superadmin paths', async () => {
    const context = await newContext(e.browser, e.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/plattformadministrator-login');
    await page.getByTestId('platform-login-email').fill(e.fx.platformAdmin.email);
    await page.getByTestId('platform-login-password').fill('passord123');
    await page.getByTestId('platform-login-submit').click();
    await page.waitForURL('**/plattformadministrator');
    await page.goto('/superadmin');
    await page.waitForURL((url) => url.pathname === '/plattformadministrator');
    await page.goto(`/superadmin/schools/${e.fx.a.id}`);
    await page.waitForURL((url) => url.pathname === `/plattformadministrator/schools/${e.fx.a.id}`);
    await context.close();
  });
});
