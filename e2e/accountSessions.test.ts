import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { makeUser } from '../server/test/callers';
import type { FixtureUser } from '../server/test/fixtures';
import { dismissToast, shoot, signInThroughForm } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { tabTo } from './keyboard';

/**
 * 'Innlogginger' on Min konto (issue 43) in Chromium: a person signed in in two browsers sees both,
 * this one marked 'Denne enheten', ends the other from the list, and the other browser is signed
 * out to the sign-in page with the reason. axe and screenshots at 375 and 1280 px.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

const widths = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

async function signedInOn(page: Page, user: FixtureUser): Promise<void> {
  await signInThroughForm(page, user.email);
  await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
  await page.getByTestId('task-1').waitFor();
}

describe('Innlogginger on Min konto', () => {
  for (const [width, viewport] of widths) {
    it(`lists both sessions and ends the other one, which is signed out with the reason (${width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const other = await pages.page(PHONE);
      await signedInOn(other, user);

      const page = await pages.page(viewport);
      await signedInOn(page, user);
      await dismissToast(page);
      await page.goto(MIN_KONTO_PATH);
      const section = page.getByTestId('account-sessions');
      const rows = section.getByTestId('account-session-row');
      await expect.poll(() => rows.count()).toBe(2);
      // This browser first, marked; the other with its button.
      expect(await rows.first().getByTestId('account-session-current').innerText()).toBe('Denne enheten');
      expect(await rows.nth(1).getByTestId('account-session-end').innerText()).toBe('Logg ut');
      for (const row of await rows.all()) {
        const text = await row.innerText();
        expect(text).toMatch(/Adresse 127\.0\.0\.1/);
        expect(text).toMatch(/Logget inn \d/);
        expect(text).toMatch(/Sist brukt \d/);
      }
      await section.scrollIntoViewIfNeeded();
      expect(await axeViolations(page), `Min konto ${width}`).toEqual([]);
      await shoot(page, `account-sessions-${width}`);
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `account-sessions-section-${width}.png`), animations: 'disabled' });

      // By keyboard: Tab to the other session's 'Logg ut', Enter; focus stays in the section, on its heading.
      await tabTo(page, rows.nth(1).getByTestId('account-session-end'));
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await section.getByRole('heading', { name: 'Innlogginger' }).evaluate((h) => h === document.activeElement)).toBe(true);
      await shoot(page, `account-sessions-ended-${width}`);

      // The other browser is signed out by the server, and says so on the sign-in page.
      await other.waitForURL((url) => url.pathname === '/login');
      const notice = other.getByTestId('signed-out-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toBe(SESSION_END_TEXTS.signedOutElsewhere);
      expect((await other.request.get('/api/auth/me')).status()).toBe(401);
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    });
  }
});
