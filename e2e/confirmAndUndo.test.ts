import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { TEXTS } from '#protocol/texts';
import { makeUser } from '../server/test/callers';
import { dismissToast, shoot, signInPlatform, signInThroughForm, waitForToast } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { expectFocusSeen } from './keyboard';
import { signIn, signInThroughApi } from './signIn';

/**
 * Issue 45, 'Confirm what cannot be undone, undo what can': deactivating a user and switching a
 * school off ask first, naming whom and saying what happens; the school's Admin activates a user
 * again; a switched-off school's Admin is told whom to contact; the platform's 'Opprett bruker'
 * names each missing field and can make a Vaktmester. By keyboard, at 375 and 1280 px, axe-clean.
 */

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

const WIDTHS = [PHONE, DESKTOP] as const;

/** axe judges what the user sees once a dialog has faded in (half faded in, it has half its contrast). */
async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

/** The application's own call from inside the signed-in page (the session cookie goes with it). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body },
  );
}

/** Focus on the control as the keyboard brings it there (Shift+Tab away and Tab back), with its ring seen. */
async function keyboardFocus(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
  await expectFocusSeen(page);
}

/** Opens a row's menu from the keyboard and moves to the named item, then takes it with Enter. */
async function chooseFromMenu(page: Page, trigger: Locator, item: string): Promise<void> {
  await keyboardFocus(page, trigger);
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  // The menu moves the focus into itself after it opens, and to the next item after each key:
  // wait for each move, so a key is never pressed on a focus about to change.
  await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') != null);
  for (let n = 0; n < 10; n++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === item) break;
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((before) => (document.activeElement?.textContent?.trim() ?? '') !== before, focused);
  }
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(item);
  await page.keyboard.press('Enter');
}

/** In an open question: Tab from 'Avbryt' (where it starts) to the action, and take it with Enter. */
async function confirmByKeyboard(page: Page, action: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Avbryt');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(action);
  await expectFocusSeen(page);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

describe("the school's Admin deactivates a user only after the question, and undoes it", () => {
  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px, by keyboard`, async () => {
      const target = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const theirs = await signIn(await pages.context(PHONE), target, '/tilsynsvakt');

      const admin = await pages.page(viewport);
      await signInThroughApi(admin, e.fx.a.admin.email, undefined, '/admin/brukere');
      await admin.getByTestId('users-page').waitFor();
      await admin.getByRole('tab', { name: 'Alle' }).click();
      const row = admin.getByTestId('school-user').filter({ hasText: target.email });
      const status = () => row.getByTestId('role-status').innerText();
      await row.waitFor();

      await chooseFromMenu(admin, row.getByTestId('user-menu'), 'Deaktiver bruker');
      const question = admin.getByRole('alertdialog');
      await question.waitFor();
      const said = await question.innerText();
      expect(said).toContain('Deaktiver bruker');
      expect(said).toContain(`Vil du deaktivere ${target.name}?`);
      expect(said).toContain('logges ut med en gang på alle enheter');
      await expectAxeClean(admin, `the deactivation question (${viewport.width})`);
      await shoot(admin, `confirm45-deactivate-question-${viewport.width}`);

      // Escape, or 'Avbryt', and nothing happened.
      await admin.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await status()).toBe('Tilsynsvakt – Aktiv');
      expect(new URL(theirs.url()).pathname).toBe('/tilsynsvakt');

      await chooseFromMenu(admin, row.getByTestId('user-menu'), 'Deaktiver bruker');
      await question.waitFor();
      await confirmByKeyboard(admin, 'Deaktiver');
      await waitForToast(admin, 'Bruker deaktivert');
      await expect.poll(status).toBe('Tilsynsvakt – Deaktivert');
      await theirs.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      expect(await theirs.getByTestId('signed-out-notice').innerText()).toBe(SESSION_END_TEXTS.deactivated);

      // The deactivated row keeps its menu: 'Aktiver bruker' undoes it.
      await dismissToast(admin);
      await chooseFromMenu(admin, row.getByTestId('user-menu'), 'Aktiver bruker');
      await waitForToast(admin, 'Bruker aktivert');
      await expect.poll(status).toBe('Tilsynsvakt – Aktiv');
      await expectAxeClean(admin, `the users list after 'Aktiver bruker' (${viewport.width})`);
      await shoot(admin, `confirm45-reactivated-${viewport.width}`);

      await signInThroughForm(theirs, target.email);
      await theirs.waitForURL((url) => url.pathname === '/tilsynsvakt', { timeout: 10_000 });

      const trail = await api<Array<{ action: string; targetName: string; actorName: string }>>(admin, 'GET', '/api/admin/audit');
      expect(trail.body.filter((entry) => entry.targetName === target.name).map((entry) => [entry.action, entry.actorName])).toEqual([
        ['user.reactivated', e.fx.a.admin.name],
        ['user.deactivated', e.fx.a.admin.name],
      ]);
    });
  }
});

describe("the platform's Aktiv switch asks before a school is switched off", () => {
  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px, by keyboard; the school's Admin is told whom to contact`, async () => {
      const page = await pages.page(viewport);
      await signInPlatform(page, e.fx.platformAdmin.email);
      const name = `Fjelltun ${viewport.width}`;
      const school = (await api<{ id: string }>(page, 'POST', '/api/plattformadministrator/schools', { name })).body;
      const schoolAdmin = await makeUser(school.id, 'Admin');
      const hers = await signIn(await pages.context(PHONE), schoolAdmin, '/admin');

      const card = page.getByTestId('school-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
      const toggle = card.getByTestId('school-active-switch');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');

      await keyboardFocus(page, toggle);
      await page.keyboard.press('Space');
      const question = page.getByRole('alertdialog');
      await question.waitFor();
      const said = await question.innerText();
      expect(said).toContain(`Vil du deaktivere ${name}?`);
      expect(said).toContain('Alle som er logget inn på skolen, logges ut nå');
      await expectAxeClean(page, `the school switch-off question (${viewport.width})`);
      await shoot(page, `confirm45-school-off-question-${viewport.width}`);

      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      expect(new URL(hers.url()).pathname).toBe('/admin');

      await toggle.focus();
      await page.keyboard.press('Space');
      await question.waitFor();
      await confirmByKeyboard(page, 'Deaktiver skole');
      await waitForToast(page, 'Skole oppdatert');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      expect(await card.getByTestId('school-state').innerText()).toBe('Inaktiv');

      // Her own school's Admin is the administrator the staff are sent to: she is sent on.
      await hers.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      expect(await hers.getByTestId('signed-out-notice').innerText()).toBe(TEXTS.schoolInactiveForAdmin);
      await expectAxeClean(hers, `the sign-in page after the school was switched off (${viewport.width})`);
      await shoot(hers, `confirm45-school-off-admin-notice-${viewport.width}`);
      await signInThroughForm(hers, schoolAdmin.email);
      expect(await waitForToast(hers, 'Innloggingsfeil')).toContain(TEXTS.schoolInactiveForAdmin);

      // Switching on again is not asked about: nothing is lost by it.
      await dismissToast(page);
      await toggle.focus();
      await page.keyboard.press('Space');
      await waitForToast(page, 'Skole oppdatert');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      expect(await question.count()).toBe(0);
    });
  }
});

describe("the platform's 'Opprett bruker'", () => {
  for (const viewport of WIDTHS) {
    it(`names every missing field at the field, and makes a Vaktmester (${viewport.width} px)`, async () => {
      const page = await pages.page(viewport);
      await signInPlatform(page, e.fx.platformAdmin.email);
      await page.getByTestId('school-list').waitFor();
      await page.getByTestId('open-create-user').click();
      const dialog = page.getByTestId('create-user-dialog');
      await dialog.waitFor();

      await page.getByTestId('create-user-submit').click();
      const errorOf = (label: string) => dialog.getByLabel(label, { exact: true }).getAttribute('aria-invalid');
      await dialog.getByText('Velg en skole').waitFor();
      for (const [label, message] of [
        ['Navn', 'Navn må fylles ut'],
        ['E-post', 'E-post må fylles ut'],
        ['Passord', 'Passord må fylles ut'],
      ] as const) {
        expect(await errorOf(label), label).toBe('true');
        expect(await dialog.getByText(message, { exact: true }).isVisible(), message).toBe(true);
      }
      expect(await errorOf('Skole')).toBe('true');
      await expectAxeClean(page, `'Opprett bruker' with every field missing (${viewport.width})`);
      await shoot(page, `confirm45-create-user-missing-${viewport.width}`);

      const email = `vaktmester.${viewport.width}@test.no`;
      await page.getByTestId('new-user-name').fill(`Vaktmester ${viewport.width}`);
      await page.getByTestId('new-user-email').fill(email);
      await page.getByTestId('new-user-password').fill('hemmelig');
      await page.getByTestId('new-user-role').click();
      expect((await page.getByRole('option').allInnerTexts()).map((t) => t.replace('✓', '').trim())).toEqual([
        'Admin',
        'Tilsynsvakt',
        'Vaktmester',
      ]);
      await page.getByRole('option', { name: 'Vaktmester', exact: true }).click();
      await page.getByTestId('new-user-school').click();
      await page.getByRole('option', { name: 'Skole A', exact: true }).click();
      expect(await dialog.getByText('Velg en skole').count()).toBe(0);
      await page.getByTestId('create-user-submit').click();
      await waitForToast(page, 'Bruker opprettet');
      await dialog.waitFor({ state: 'detached' });

      const made = await pages.page(PHONE);
      await signInThroughApi(made, email, 'hemmelig', '/vaktmester');
      await made.waitForURL((url) => url.pathname === '/vaktmester');
    });
  }
});
