import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXTS } from '#protocol/passwordReset';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { makeUser } from '../server/test/callers';
import type { FixtureUser } from '../server/test/fixtures';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtpServer';
import { ownOriginEnv } from '../server/test/ownOrigin';
import { shoot, signInThroughForm } from './actions';
import { signIn, signInThroughApi } from './signIn';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen, tabTo } from './keyboard';

/**
 * A forgotten password (issue 33) in Chromium: the Admin's link handed over, the link used in
 * another browser, the old session signed out with the reason; 'Glemt passord?' with a real SMTP
 * server on loopback. The key steps by keyboard alone, every screen checked with axe at both widths.
 */
let e: E2E;
let smtp: TestSmtpServer;
const pages = pageOpener(() => e);
beforeAll(async () => {
  smtp = await startSmtpServer();
  e = await startE2E({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tilsynsvakt <tilsynsvakt@skole.example>', ...(await ownOriginEnv()) } });
});
afterEach(() => pages.closeAll());
afterAll(async () => {
  await e?.close();
  await smtp?.close();
});

const widths = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}

/** Signed in as the user on their board: the session a reset must end. */
async function signedInElsewhere(user: FixtureUser): Promise<Page> {
  return signIn(await pages.context(PHONE), user, '/tilsynsvakt');
}

/** Sets the new password on /nytt-passord by keyboard, and reads what the page answers. */
async function setNewPasswordByKeyboard(page: Page, password: string): Promise<string> {
  await page.getByTestId('reset-form').waitFor();
  await tabTo(page, page.getByTestId('reset-new-password'));
  await page.keyboard.type(password);
  await tabTo(page, page.getByTestId('reset-confirm-password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  const done = page.getByTestId('reset-done');
  await done.waitFor();
  // Focus moves to the answer, so it is read out and Tab goes on from it.
  expect(await done.evaluate((element) => element === document.activeElement)).toBe(true);
  return done.innerText();
}

async function signsInTo(page: Page, user: FixtureUser, password: string, home: string): Promise<void> {
  await signInThroughForm(page, user.email, password);
  await page.waitForURL((url) => url.pathname === home);
}

async function signedOutWith(page: Page, text: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  const notice = page.getByTestId('signed-out-notice');
  await notice.waitFor();
  expect(await notice.innerText()).toBe(text);
}

describe('the Admin’s link for a new password', () => {
  for (const [width, viewport] of widths) {
    it(`is made by keyboard, shown to copy, used once in another browser, and signs the old session out (${width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const before = await signedInElsewhere(user);

      const context = await pages.context(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const admin = await context.newPage();
      await signInThroughApi(admin, e.fx.a.admin.email);
      await admin.waitForURL('**/admin');
      await admin.goto('/admin/brukere');
      await admin.getByRole('tab', { name: 'Alle' }).click();
      const row = admin.getByTestId('school-user').filter({ hasText: user.name });
      await row.waitFor();

      // The row's menu, its item and the dialog's copy button, by keyboard. On a phone the list's
      // tab panel (a stop of its own, Radix) is taller than the screen: only its top is in view.
      await tabPastPanelTo(admin, row.getByTestId('user-menu'));
      await admin.keyboard.press('Enter');
      await admin.getByRole('menu').waitFor();
      for (let n = 0; n < 8 && !(await admin.getByTestId('reset-link-user').evaluate((item) => item === document.activeElement)); n++) {
        await admin.keyboard.press('ArrowDown');
      }
      expect(await admin.getByTestId('reset-link-user').innerText()).toBe('Lag lenke for nytt passord');
      await admin.keyboard.press('Enter');
      const dialog = admin.getByTestId('reset-link-dialog');
      await dialog.waitFor();
      const field = dialog.getByTestId('reset-link');
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      await expectFocusSeen(admin);
      const link = await field.inputValue();
      expect(link).toMatch(new RegExp(`^${e.server.baseUrl}/nytt-passord#[A-Za-z0-9_-]{43}$`));
      // Selected as it gets focus: ready to copy by hand too.
      expect(await field.evaluate((input) => (input as HTMLInputElement).selectionEnd! - (input as HTMLInputElement).selectionStart!)).toBe(
        link.length,
      );
      expect(await dialog.innerText()).toContain(`Gi lenken til ${user.name} personlig`);
      expect(await dialog.getByTestId('reset-link-validity').innerText()).toMatch(/^Gyldig i 24 timer \(til .+\) og kan brukes én gang\./);
      await expectNoAxeViolations(admin, 'the link dialog');
      await shoot(admin, `reset-link-dialog-${width}`);
      await tabTo(admin, dialog.getByTestId('reset-link-copy'));
      await admin.keyboard.press('Enter');
      await escapeToast(admin, 'Lenken er kopiert');
      expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // Another browser opens the link and sets a new password by keyboard.
      const other = await pages.page(viewport);
      await other.goto(link);
      await other.getByTestId('reset-form').waitFor();
      expect(await other.title()).toContain('Nytt passord');
      await expectNoAxeViolations(other, 'the new-password form');
      await shoot(other, `reset-password-form-${width}`);
      expect(await setNewPasswordByKeyboard(other, 'mitt-nye-passord')).toBe(PASSWORD_RESET_TEXTS.done);
      await expectNoAxeViolations(other, 'the new password saved');
      await shoot(other, `reset-password-done-${width}`);
      await tabTo(other, other.getByTestId('reset-to-login'));
      await other.keyboard.press('Enter');
      await other.waitForURL((url) => url.pathname === '/login');
      await signsInTo(other, user, 'mitt-nye-passord', '/tilsynsvakt');

      // The session signed in before is over, and says why.
      await signedOutWith(before, SESSION_END_TEXTS.passwordReset);
      if (width === '375') await shoot(before, 'reset-old-session-signed-out-375');

      // The link again: one clear message, the password unchanged.
      const again = await pages.page(viewport);
      await again.goto(link);
      await setNewPasswordOnce(again, 'et-annet-passord');
      const invalid = again.getByTestId('reset-invalid');
      await invalid.waitFor();
      expect(await invalid.innerText()).toBe(PASSWORD_RESET_TEXTS.linkInvalid);
      await expectNoAxeViolations(again, 'a link used before');
      await shoot(again, `reset-link-used-${width}`);
      await signsInTo(await pages.page(viewport), user, 'mitt-nye-passord', '/tilsynsvakt');
    });
  }
});

/** Tab until the target has focus; each stop but a tab panel is seen whole, the target with its ring. */
async function tabPastPanelTo(page: Page, target: Locator): Promise<void> {
  for (let n = 0; n < 60; n++) {
    await page.keyboard.press('Tab');
    const panel = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'tabpanel');
    if (!panel) await expectFocusSeen(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

async function setNewPasswordOnce(page: Page, password: string): Promise<void> {
  await page.getByTestId('reset-new-password').fill(password);
  await page.getByTestId('reset-confirm-password').fill(password);
  await page.getByTestId('reset-submit').click();
}

describe('Glemt passord?', () => {
  for (const [width, viewport] of widths) {
    it(`sends a link by e-mail from /login, by keyboard, and the link works (${width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Vaktmester');
      const before = await signedInElsewhereAs(user, '/vaktmester');
      const mailsBefore = smtp.mails.length;

      const page = await pages.page(viewport);
      await page.goto('/login');
      await page.getByTestId('login-form').waitFor();
      await tabTo(page, page.getByTestId('forgot-password-link'));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/glemt-passord');
      await page.getByTestId('forgot-form').waitFor();
      await expectNoAxeViolations(page, 'the forgot-password form');
      await shoot(page, `forgot-password-form-${width}`);
      await tabTo(page, page.getByTestId('forgot-email'));
      await page.keyboard.type(user.email);
      await page.keyboard.press('Enter');
      const sent = page.getByTestId('forgot-sent');
      await sent.waitFor();
      expect(await sent.innerText()).toBe(PASSWORD_RESET_TEXTS.mailRequested);
      await expectNoAxeViolations(page, 'the forgot-password answer');
      await shoot(page, `forgot-password-sent-${width}`);

      const mails = await smtp.waitFor(mailsBefore + 1);
      const mail = mails.at(-1)!;
      expect(mail.to).toEqual([user.email]);
      const { link } = resetLinkIn(mail);
      const other = await pages.page(viewport);
      await other.goto(link);
      expect(await setNewPasswordByKeyboard(other, 'fra-e-posten-1')).toBe(PASSWORD_RESET_TEXTS.done);
      await signsInTo(other, user, 'fra-e-posten-1', '/vaktmester');
      await signedOutWith(before, SESSION_END_TEXTS.passwordReset);
    });
  }

  it('where e-mail is not set up, the page says to ask the school’s administrator (375 and 1280 px)', async () => {
    for (const [width, viewport] of widths) {
      const page = await pages.page(viewport);
      // This server has SMTP set up: the answer the page gets from one without it (the API tests check that server).
      await page.route('**/api/auth/forgot-password', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"byMail":false}' }),
      );
      await page.goto('/glemt-passord');
      const notice = page.getByTestId('forgot-ask-admin');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(PASSWORD_RESET_TEXTS.askAdmin);
      await expectNoAxeViolations(page, 'ask the administrator');
      await shoot(page, `forgot-password-ask-admin-${width}`);
    }
  });
});

async function signedInElsewhereAs(user: FixtureUser, home: string): Promise<Page> {
  return signIn(await pages.context(PHONE), user, home);
}
