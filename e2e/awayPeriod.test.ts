import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#protocol/time';
import { Trip as TripModel } from '../server/src/features/away/model';
import { TestClock } from '../server/test/testClock';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { clockedContexts, EVENING, openBoard, SHIFT_DAY, signIn, textOf, type Viewport } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen, tabTo } from './keyboard';
import { deleteEverywhere } from '../server/test/everySchool';

/** Issue 45: the individual-away card keeps what was added in sight; students added together are one named trip. */

const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
beforeAll(async () => {
  e = await startE2E({ clock });
});
afterEach(async () => {
  await contexts.reset();
  await deleteEverywhere(TripModel);
});
afterAll(async () => e?.close());

async function openSickAndAway(viewport: Viewport): Promise<Page> {
  const page = await signIn(await contexts.open(viewport), e.fx.a.admin, '/admin/syke-og-bortreist');
  await page.getByTestId('away-students-card').getByText('Ingen enkelt elever registrert').waitFor();
  return page;
}

/** Each trip the card shows, as a person reads it: its heading, then its students. */
const shownTrips = async (page: Page) =>
  (await page.getByTestId('away-trip').allInnerTexts()).map((text) => text.replace(/×/g, '').replace(/\s+/g, ' ').trim());

/** Types a name into 'Elevnavn' by keyboard and adds it with Enter. */
async function addByKeyboard(page: Page, name: string): Promise<void> {
  const input = page.getByTestId('away-student-name');
  if (!(await input.evaluate((element) => element === document.activeElement))) await tabTo(page, input);
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await escapeToast(page, 'Lagret');
  await input.focus();
}

for (const [label, viewport, boardViewport] of [
  ['375', PHONE, DESKTOP],
  ['1280', DESKTOP, PHONE],
] as const) {
  describe(`Enkelt elever som er bortreist at ${label} px`, () => {
    it('Jonas, added for the 11th–14th, stays in sight when Fra goes to the 10th to add Sofie; one trip for those added together, by name', async () => {
      const board = await openBoard(await contexts.open(boardViewport), e.fx.a.supervisor);
      await board.getByText('Ingen bortreist i dag').waitFor();
      const page = await openSickAndAway(viewport);
      const card = page.getByTestId('away-students-card');

      // Jonas and Emil, together on 'Skitur Hemsedal' from tomorrow to the 14th.
      await card.getByTestId('away-range-to').fill(addDays(SHIFT_DAY, 4));
      await card.getByTestId('away-range-from').fill(addDays(SHIFT_DAY, 1));
      await tabTo(page, card.getByLabel('Navn på reisen (valgfritt)'));
      await page.keyboard.type('Skitur Hemsedal');
      await addByKeyboard(page, 'Jonas');
      await addByKeyboard(page, 'Emil');
      expect(await shownTrips(page)).toEqual(['Skitur Hemsedal · 11.–14. mars 2026 Legg til flere Jonas Emil']);

      // Fra to the 10th, to add Sofie on a trip of her own: Jonas and Emil stay, with their own dates.
      await card.getByTestId('away-range-from').fill(SHIFT_DAY);
      expect(await textOf(page, 'away-period')).toBe('Bortreist 10.–14. mars 2026');
      expect(await shownTrips(page)).toEqual(['Skitur Hemsedal · 11.–14. mars 2026 Legg til flere Jonas Emil']);
      await card.getByLabel('Navn på reisen (valgfritt)').fill('Teatertur');
      await addByKeyboard(page, 'Sofie');
      expect(await shownTrips(page)).toEqual([
        'Teatertur · 10.–14. mars 2026 Legg til flere Sofie',
        'Skitur Hemsedal · 11.–14. mars 2026 Legg til flere Jonas Emil',
      ]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-away-period-${label}`);

      // 'Legg til flere' on the ski trip, by keyboard: the form takes its dates and name.
      await tabTo(page, card.getByRole('button', { name: 'Legg til flere på Skitur Hemsedal, 11.–14. mars 2026' }), { back: true });
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('away-student-name').evaluate((element) => element === document.activeElement)).toBe(true);
      await expectFocusSeen(page);
      expect(await card.getByTestId('away-range-from').inputValue()).toBe(addDays(SHIFT_DAY, 1));
      expect(await card.getByLabel('Navn på reisen (valgfritt)').inputValue()).toBe('Skitur Hemsedal');
      await addByKeyboard(page, 'Nora');
      expect(await textOf(page, 'away-period')).toBe('Bortreist 11.–14. mars 2026');
      expect(await shownTrips(page)).toEqual([
        'Teatertur · 10.–14. mars 2026 Legg til flere Sofie',
        'Skitur Hemsedal · 11.–14. mars 2026 Legg til flere Jonas Emil Nora',
      ]);

      // The board, live: Sofie is away tonight, and her chip names the trip.
      await board.getByTestId('away-chip').filter({ hasText: 'Sofie' }).click();
      expect(await textOf(board, 'student-info')).toBe('Tilbake: lørdag 14. mars 2026');
      expect(await textOf(board, 'student-trip')).toBe('Reise: Teatertur');
      expect(await axeViolations(board)).toEqual([]);
      await shoot(board, `board-away-trip-name-${label === '375' ? '1280' : '375'}`);
      await board.getByRole('button', { name: 'Lukk' }).first().click();

      // Removing Sofie takes her trip away; the others stay.
      await card.getByRole('button', { name: 'Fjern Sofie fra bortreist' }).click();
      await waitForToast(page, 'Fjernet');
      await expect.poll(() => shownTrips(page)).toEqual(['Skitur Hemsedal · 11.–14. mars 2026 Legg til flere Jonas Emil Nora']);
      await board.getByText('Ingen bortreist i dag').waitFor();
    });

    it('the trips page shows the trip’s name, and Rediger reise renames it', async () => {
      const page = await openSickAndAway(viewport);
      const card = page.getByTestId('away-students-card');
      await card.getByTestId('away-range-to').fill(addDays(SHIFT_DAY, 2));
      await card.getByLabel('Navn på reisen (valgfritt)').fill('Skitur Hemsedal');
      await addByKeyboard(page, 'Jonas');
      await page.goto('/admin/reiser');
      const trip = page.getByTestId('trip').filter({ hasText: 'Jonas' });
      expect(await trip.getByTestId('trip-name').innerText()).toBe('Skitur Hemsedal');
      await trip.getByRole('button', { name: 'Rediger' }).click();
      const dialog = page.getByTestId('trip-edit-dialog');
      expect(await dialog.getByLabel('Navn på reisen (valgfritt)').inputValue()).toBe('Skitur Hemsedal');
      await dialog.getByLabel('Navn på reisen (valgfritt)').fill('Skitur Geilo');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-trip-edit-name-${label}`);
      await dialog.getByRole('button', { name: 'Lagre' }).click();
      await waitForToast(page, 'Reise oppdatert');
      await expect.poll(() => trip.getByTestId('trip-name').innerText()).toBe('Skitur Geilo');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-trips-named-${label}`);
    });
  });
}
