import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDayRangeNo, osloDay } from '#protocol/time';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { expectFocusSeen } from './keyboard';
import { signInThroughApi } from './signIn';

/**
 * Issue 45 on /admin/klasser: a class can be renamed (checked as a new class is, live to other open
 * screens), and the question before a class is deleted names it and the trips it is on. By
 * keyboard, at 375 and 1280 px, axe-clean.
 */

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

type SchoolClass = { id: string; className: string };

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

async function adminOnClasses(viewport: { width: number; height: number }): Promise<Page> {
  const page = await pages.page(viewport);
  await signInThroughApi(page, e.fx.a.admin.email, undefined, '/admin/klasser');
  await page.getByTestId('classes-page').waitFor();
  return page;
}

/** axe judges what the user sees once a dialog has faded in (half faded in, it has half its contrast). */
async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

const row = (page: Page, name: string) => page.getByTestId('class-row').filter({ hasText: new RegExp(`^${name}`) });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

/** Brings the keyboard's focus to the button (Shift+Tab away and Tab back) and presses Enter. */
async function pressByKeyboard(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  await expectFocusSeen(page);
  await page.keyboard.press('Enter');
}

describe('classes: renamed, and deleted only after a question that names them', () => {
  for (const [viewport, names] of [
    [PHONE, { on: '2STA', taken: '3STB', renamed: '2STX' }],
    [DESKTOP, { on: '2STC', taken: '3STD', renamed: '2STY' }],
  ] as const) {
    it(`at ${viewport.width} px, by keyboard, live to another open screen`, async () => {
      const admin = await adminOnClasses(viewport);
      const onTrip = await api<SchoolClass>(admin, 'POST', '/api/admin/classes', { className: names.on });
      await api(admin, 'POST', '/api/admin/classes', { className: names.taken });
      const today = osloDay(new Date());
      const [fromDate, toDate] = [addDays(today, 1), addDays(today, 4)];
      await api(admin, 'POST', '/api/away/classes', { fromDate, toDate, classIds: [onTrip.id] });
      await row(admin, names.on).waitFor();
      const watcher = await adminOnClasses(PHONE);
      await row(watcher, names.on).waitFor();

      // 'Endre navn': an empty name and a name the school has are refused at the field.
      await pressByKeyboard(admin, row(admin, names.on).getByTestId('rename-class'));
      const dialog = admin.getByTestId('rename-class-dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').innerText()).toBe(`Endre navn på ${names.on}`);
      const field = dialog.getByLabel('Nytt klassenavn');
      expect(await focused(admin)).toBe('rename-class-name');
      expect(await field.inputValue()).toBe(names.on);
      await field.fill('  ');
      await admin.keyboard.press('Enter');
      await dialog.getByText('Klassenavn må fylles ut').waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill(names.taken.toLowerCase());
      await admin.keyboard.press('Enter');
      await dialog.getByText('Det finnes allerede en klasse med dette navnet').waitFor();
      await expectAxeClean(admin, `the rename dialog with an error (${viewport.width})`);
      await shoot(admin, `confirm45-class-rename-taken-${viewport.width}`);

      await field.fill(names.renamed);
      await admin.keyboard.press('Enter');
      await waitForToast(admin, 'Klassen har fått nytt navn');
      await dialog.waitFor({ state: 'detached' });
      await row(admin, names.renamed).waitFor();
      expect(await focused(admin)).toBe('rename-class');
      await shoot(admin, `confirm45-class-list-${viewport.width}`);
      await row(watcher, names.renamed).waitFor({ timeout: 5000 });
      expect(await row(watcher, names.on).count()).toBe(0);

      // 'Slett': the question names the class and the trip it is on; Escape keeps it.
      await pressByKeyboard(admin, row(admin, names.renamed).getByTestId('delete-class'));
      const question = admin.getByRole('alertdialog');
      await question.waitFor();
      expect(await question.getByRole('heading').innerText()).toBe(`Slett klassen ${names.renamed}`);
      expect(await question.innerText()).toContain(
        `Er du sikker på at du vil slette denne klassen? ${names.renamed} er med på turen ${formatDayRangeNo(fromDate, toDate)}, og blir tatt ut av den.`,
      );
      await expectAxeClean(admin, `the delete question (${viewport.width})`);
      await shoot(admin, `confirm45-class-delete-question-${viewport.width}`);
      await admin.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await row(admin, names.renamed).count()).toBe(1);

      // A class on no trip: the spec's question alone, with the class named in the title.
      await pressByKeyboard(admin, row(admin, names.taken).getByTestId('delete-class'));
      await question.waitFor();
      expect(await question.getByRole('heading').innerText()).toBe(`Slett klassen ${names.taken}`);
      expect(await question.getByText('Er du sikker på at du vil slette denne klassen?', { exact: true }).isVisible()).toBe(true);
      await admin.keyboard.press('Tab');
      await admin.keyboard.press('Enter');
      await waitForToast(admin, 'Klasse slettet');
      await row(watcher, names.taken).waitFor({ state: 'detached', timeout: 5000 });
    });
  }
});
