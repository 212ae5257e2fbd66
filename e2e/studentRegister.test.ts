import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen } from './keyboard';
import { signInThroughApi } from './signIn';

/**
 * /admin/elever (issue 46): the register kept by hand (add, move room, 'Sluttet') and filled from
 * the school's own file (a Windows-1252 CSV as Norwegian Excel writes it), by keyboard, at 375
 * and 1280 px, axe-clean.
 */

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

/** Brings the keyboard's focus to the control (Shift+Tab away and Tab back) and presses the key. */
async function pressByKeyboard(page: Page, control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
  await expectFocusSeen(page);
  await page.keyboard.press(key);
}

/** What Excel in a Norwegian locale saves as 'CSV (semikolondelt)': Windows-1252 (æ, ø, å one byte each), ';'. */
function windows1252(text: string): Buffer {
  return Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1');
}

const row = (page: Page, name: string) => page.getByTestId('register-row').filter({ hasText: name });

describe('the register of students on /admin/elever', () => {
  for (const [viewport, tag] of [
    [PHONE, 'A'],
    [DESKTOP, 'B'],
  ] as const) {
    it(`at ${viewport.width} px, by keyboard: added, moved, imported from a file, older entries linked, and left`, async () => {
      const page = await pages.page(viewport);
      await signInThroughApi(page, e.fx.a.admin.email, undefined, '/admin/elever');
      await page.getByTestId('register-page').waitFor();
      await page.getByTestId('register-count').waitFor();
      await expectAxeClean(page, 'the register');

      // Added by hand.
      await pressByKeyboard(page, page.getByTestId('register-add'));
      const dialog = page.getByTestId('register-student-dialog');
      await dialog.waitFor();
      expect(await focusedTestId(page)).toBe('register-first-name');
      await page.keyboard.type(`Åse${tag}`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Ødegård');
      await page.getByTestId('register-house').fill('Nordtun');
      await page.getByTestId('register-room').fill('12');
      await expectAxeClean(page, 'the student dialog');
      await shoot(page, `register-add-${viewport.width}`);
      await pressByKeyboard(page, page.getByTestId('register-student-submit'));
      await escapeToast(page, 'Eleven er lagt til i elevregisteret');
      await row(page, `Åse${tag} Ødegård`).waitFor();
      expect(await row(page, `Åse${tag} Ødegård`).innerText()).toContain('Nordtun, rom 12');

      // Moved to another room.
      await pressByKeyboard(page, row(page, `Åse${tag} Ødegård`).getByTestId('register-edit'));
      await dialog.waitFor();
      await page.getByTestId('register-room').fill('14');
      await pressByKeyboard(page, page.getByTestId('register-student-submit'));
      await escapeToast(page, 'Eleven er lagret');
      await expect.poll(() => row(page, `Åse${tag} Ødegård`).innerText()).toContain('Nordtun, rom 14');

      // Imported from the school's file: two new students, one of them in a class the school lacks.
      await pressByKeyboard(page, page.getByTestId('register-import-open'));
      const csv = windows1252(
        `Elevnummer;Fornavn;Etternavn;Klasse;Internat;Romnr\n9${tag}1;Bjørn${tag};Sæther;;Sørtun;3\n9${tag}2;Ærle${tag};Åsheim;VG9${tag};Sørtun;4\n`,
      );
      await page.getByTestId('import-file').setInputFiles({ name: 'elever.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByTestId('import-preview').waitFor();
      expect(await page.getByTestId('import-summary').innerText()).toMatch(/^1 ny\n0 endret\n0 uendret\n\d mangler i filen\n1 avvist$/);
      const createClass = page.getByTestId('import-unknown-classes').getByRole('checkbox');
      await pressByKeyboard(page, createClass, 'Space');
      expect(await createClass.isChecked()).toBe(true);
      await expectAxeClean(page, 'the import preview');
      await shoot(page, `register-import-${viewport.width}`);
      await pressByKeyboard(page, page.getByTestId('import-apply'));
      expect(await waitForToast(page, 'Elevlisten er importert')).toContain('2 nye');
      await escapeToast(page, 'Elevlisten er importert');
      await row(page, `Bjørn${tag} Sæther`).waitFor();
      expect(await row(page, `Ærle${tag} Åsheim`).innerText()).toContain(`VG9${tag} · Sørtun, rom 4`);

      // A name on a sick list from before the register is linked to the student of that name, on the Admin's word.
      await page.evaluate(async (name) => {
        const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
        await fetch('/api/sick/add', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: JSON.stringify({ date: today, name }),
        });
      }, `Bjørn${tag} Sæther`);
      await pressByKeyboard(page, page.getByTestId('register-link-open'));
      await pressByKeyboard(page, page.getByTestId('link-find'));
      await expect.poll(() => page.getByTestId('link-proposals').innerText()).toContain(`Bjørn${tag} Sæther`);
      await expectAxeClean(page, 'the link proposals');
      await pressByKeyboard(page, page.getByTestId('link-apply'));
      await escapeToast(page, 'koblet til elevregisteret');

      // Left ('Sluttet'): off the list, found again with 'Vis også elever som har sluttet'.
      await pressByKeyboard(page, row(page, `Åse${tag} Ødegård`).getByTestId('register-leave'));
      await page.getByTestId('register-leave-dialog').waitFor();
      await expectAxeClean(page, 'the leave dialog');
      await pressByKeyboard(page, page.getByTestId('register-leave-confirm'));
      await escapeToast(page, 'er registrert som sluttet');
      await row(page, `Åse${tag} Ødegård`).waitFor({ state: 'detached' });
      await pressByKeyboard(page, page.getByTestId('register-with-left'), 'Space');
      expect(await row(page, `Åse${tag} Ødegård`).innerText()).toMatch(/Sluttet \d/);

      // Search by any part: name, class, house or room.
      await page.getByTestId('register-search').fill(`vg9${tag.toLowerCase()}`);
      await expect.poll(() => page.getByTestId('register-row').count()).toBe(1);
      await expectAxeClean(page, 'the register, searched');
      await shoot(page, `register-${viewport.width}`);
    });
  }
});

function focusedTestId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
}
