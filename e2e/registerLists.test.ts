import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { osloDay } from '#protocol/time';
import type { Sick } from '#protocol/sick';
import type { Trip } from '#protocol/away';
import { shoot } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen } from './keyboard';
import { signInThroughApi } from './signIn';

/**
 * The lists pick from the register (issue 46): the sick card, the individual-away card and the
 * trip dialog find a student by any part of the name, class or room, by keyboard (arrows, Enter),
 * and what is chosen carries the student's id; a name the register lacks is said to be so.
 * At 375 and 1280 px, axe-clean with the list open.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

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

async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

/** Types into the focused combobox, moves to the first suggestion by keyboard and chooses it with Enter. */
async function chooseByKeyboard(page: Page, typed: string, expected: string): Promise<void> {
  await page.keyboard.type(typed);
  const option = page.getByRole('option', { name: new RegExp(`^${expected}`) });
  await option.waitFor();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('the lists pick from the register', () => {
  for (const [viewport, tag] of [
    [PHONE, 'P'],
    [DESKTOP, 'D'],
  ] as const) {
    it(`at ${viewport.width} px: the sick card, the away card and the trip dialog, by keyboard`, async () => {
      const page = await pages.page(viewport);
      await signInThroughApi(page, e.fx.a.admin.email, undefined, '/admin/syke-og-bortreist');
      type Record = { id: string };
      const aase = await api<Record>(page, 'POST', '/api/admin/register/students', {
        firstName: `Åse${tag}`,
        lastName: 'Ødegård',
        house: 'Nordtun',
        room: `1${tag}1`,
      });
      const bjorn = await api<Record>(page, 'POST', '/api/admin/register/students', {
        firstName: `Bjørn${tag}`,
        lastName: 'Sæther',
        room: `2${tag}2`,
      });
      const today = osloDay(new Date());
      await page.reload();
      const sickCard = page.getByTestId('sick-card');
      await sickCard.waitFor();

      // Sick: found by the room, chosen with arrows and Enter; a second Enter adds.
      const sickName = page.getByTestId('sick-name');
      await sickName.focus();
      await chooseByKeyboard(page, `1${tag}1`, `Åse${tag} Ødegård`);
      expect(await sickName.inputValue()).toBe(`Åse${tag} Ødegård`);
      expect(await page.getByTestId('sick-name-register').innerText()).toBe(`Fra elevregisteret: Nordtun · rom 1${tag}1`);
      await expectFocusSeen(page);
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Lagret');
      const sick = await api<Sick>(page, 'GET', `/api/sick?date=${today}`);
      expect(sick.studentIds?.[`Åse${tag} Ødegård`]).toBe(aase.id);

      // A name the register lacks is kept, and said to be so.
      await sickName.fill(`Gjest${tag} Besøk`);
      expect(await page.getByTestId('sick-name-register').innerText()).toBe('Navnet er ikke i elevregisteret');
      await sickName.fill('');

      // Away: found by part of the name, with the list open for axe and the eye.
      const awayName = page.getByTestId('away-student-name');
      await awayName.focus();
      await page.keyboard.type(`bjørn${tag.toLowerCase()}`);
      await page.getByRole('option', { name: new RegExp(`^Bjørn${tag} Sæther`) }).waitFor();
      expect(await awayName.getAttribute('aria-expanded')).toBe('true');
      await expectAxeClean(page, 'the away card with the list open');
      await shoot(page, `register-combobox-${viewport.width}`);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => awayName.inputValue()).toBe(`Bjørn${tag} Sæther`);
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Lagret');
      const trips = await api<Trip[]>(page, 'GET', '/api/away/all');
      const away = trips.find((trip) => trip.studentNames.includes(`Bjørn${tag} Sæther`));
      expect(away?.studentIds?.[`Bjørn${tag} Sæther`]).toBe(bjorn.id);

      // The trip dialog: Åse added to Bjørn's trip from the register.
      await page.goto('/admin/reiser');
      const trip = page.getByTestId('trip').filter({ hasText: `Bjørn${tag} Sæther` });
      await trip.getByTestId('trip-edit').click();
      const dialog = page.getByTestId('trip-edit-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('trip-edit-name').focus();
      await chooseByKeyboard(page, `åse${tag.toLowerCase()}`, `Åse${tag} Ødegård`);
      await page.keyboard.press('Enter');
      await dialog.getByTestId('trip-edit-students').getByText(`Åse${tag} Ødegård`).waitFor();
      await expectAxeClean(page, 'the trip dialog');
      await dialog.getByRole('button', { name: 'Lagre' }).click();
      await escapeToast(page, 'Reise oppdatert');
      const saved = (await api<Trip[]>(page, 'GET', '/api/away/all')).find((t) => t.id === away?.id);
      // Both runs add to today's trip: this run's two are on it, held by id.
      expect(saved?.studentIds).toMatchObject({ [`Bjørn${tag} Sæther`]: bjorn.id, [`Åse${tag} Ødegård`]: aase.id });
    });
  }

  it('off line, the lists still pick from the register the device last read', async () => {
    const page = await pages.page(PHONE);
    await signInThroughApi(page, e.fx.a.admin.email, undefined, '/admin/syke-og-bortreist');
    await api(page, 'POST', '/api/admin/register/students', { firstName: 'Frida', lastName: 'Offline', room: '9' });
    await page.reload();
    await page.getByTestId('sick-card').waitFor();
    // The register read on line is kept on the device; the screen's files are served by the app's service worker.
    await page.getByTestId('sick-name').fill('Frida');
    await page.getByRole('option', { name: /^Frida Offline/ }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('sick-card').waitFor();
    await page.getByTestId('sick-name').focus();
    await chooseByKeyboard(page, 'offl', 'Frida Offline');
    expect(await page.getByTestId('sick-name').inputValue()).toBe('Frida Offline');
    expect(await page.getByTestId('sick-name-register').innerText()).toBe('Fra elevregisteret: rom 9');
    await page.context().setOffline(false);
  });
});
