import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#protocol/time';
import { Trip as TripModel } from '../server/src/features/away/model';
import { SickRecord } from '../server/src/features/sick/model';
import { TestClock } from '../server/test/testClock';
import { dismissToast, markPage, shoot, signInPlatform, waitForToast, wasReloaded } from './actions';
import { api, clockedContexts, EVENING, openBoard, SHIFT_DAY, signIn, textOf, type Viewport } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { startE2E, type E2E } from './harness';
import { deleteEverywhere } from '../server/test/everySchool';

const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
beforeAll(async () => {
  e = await startE2E({ clock });
  const admin = await api(e.server.baseUrl, e.fx.a.admin);
  for (const className of ['8A', '9B', 'Idrettslinje 10C']) await admin.post('/api/admin/classes', { className });
});
afterEach(async () => {
  await contexts.reset();
  await Promise.all([deleteEverywhere(TripModel), deleteEverywhere(SickRecord)]);
});
afterAll(async () => e?.close());

const context = (viewport?: Viewport) => contexts.open(viewport);

async function openSickAndAway(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await signIn(await context(viewport), e.fx.a.admin, '/admin');
  await page.goto('/admin/syke-og-bortreist');
  await page.getByTestId('sick-card').getByText('Ingen syke elever registrert', { exact: false }).waitFor();
  return page;
}

/** What the board's chips say, as a person reads them. */
const chips = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

describe('sick and away, live from the office to the board', () => {
  it('an admin adds a sick student, a class trip and an away student; an open board shows each at once', async () => {
    const board = await openBoard(await context(PHONE), e.fx.a.supervisor);
    await markPage(board);
    expect(await textOf(board, 'sick-list')).toContain('Ingen syke elever i dag');
    const office = await openSickAndAway();

    // Syke: name and comment, 'Legg til og lagre'.
    const sick = office.getByTestId('sick-card');
    expect(await sick.getByTestId('sick-date').inputValue()).toBe(SHIFT_DAY);
    await sick.getByLabel('Navn').fill('  Ola Nordmann ');
    await sick.getByLabel('Kommentar (valgfritt)').fill('Feber, holder seg på rommet');
    await sick.getByRole('button', { name: 'Legg til og lagre' }).click();
    await waitForToast(office, 'Lagret');
    await sick.getByTestId('sick-row').filter({ hasText: 'Feber, holder seg på rommet' }).waitFor();
    expect(await sick.getByLabel('Navn').inputValue()).toBe('');
    await expect.poll(() => chips(board, 'sick-chip')).toEqual(['Ola Nordmann']);
    expect(await textOf(board, 'sick-count')).toBe('(1)');
    await board.getByTestId('sick-chip').click();
    expect(await textOf(board, 'student-info')).toBe('Feber, holder seg på rommet');
    await board.getByRole('button', { name: 'Lukk' }).first().click();

    // Linjer på tur: checking only selects; the save puts the class on the trip.
    const classes = office.getByTestId('class-trips-card');
    await classes.getByText('Ingen linjer registrert på tur').waitFor();
    const save = classes.getByRole('button', { name: 'Lagre linjer på tur' });
    expect(await save.isDisabled()).toBe(true);
    await classes.getByLabel('9B').check();
    expect(await save.isDisabled()).toBe(false);
    expect(await chips(board, 'away-class-chip')).toEqual([]);
    await classes.getByTestId('class-range-to').fill(addDays(SHIFT_DAY, 2));
    await save.click();
    await waitForToast(office, 'Lagret');
    await classes.getByTestId('class-trip-chip').filter({ hasText: '9B' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await expect.poll(() => chips(board, 'away-class-chip')).toEqual(['KLASSE 9B']);

    // Enkelt elever: Enter adds; the board names the day of return (this shift's Tuesday).
    const students = office.getByTestId('away-students-card');
    await students.getByPlaceholder('Elevnavn...').fill('Per Hansen');
    await students.getByPlaceholder('Elevnavn...').press('Enter');
    await waitForToast(office, 'Lagret');
    await students.getByTestId('away-student-chip').filter({ hasText: 'Per Hansen' }).waitFor();
    await expect.poll(() => chips(board, 'away-chip')).toEqual(['Per Hansen · Tilbake tirsdag']);
    expect(await textOf(board, 'away-count')).toBe('(2)');

    // On the phone the lists come before the report's text box.
    const sickTop = (await board.getByTestId('sick-list').boundingBox())!.y;
    const awayBottom = await board.getByTestId('away-list').boundingBox();
    const editorTop = (await board.getByTestId('report-text').boundingBox())!.y;
    expect(sickTop).toBeLessThan(editorTop);
    expect(awayBottom!.y + awayBottom!.height).toBeLessThan(editorTop);
    await shoot(board, 'board-sick-and-away-375');
    await shoot(office, 'admin-sick-and-away-filled-1280');

    // Removing: × on the sick row, unchecking a saved class (at once, through the server), × on a chip.
    await sick.getByRole('button', { name: 'Fjern Ola Nordmann fra syke' }).click();
    await waitForToast(office, 'Fjernet');
    await expect.poll(() => chips(board, 'sick-chip')).toEqual([]);
    await classes.getByLabel('9B').uncheck();
    await waitForToast(office, 'Fjernet linje fra tur');
    await expect.poll(() => chips(board, 'away-class-chip')).toEqual([]);
    await students.getByRole('button', { name: 'Fjern Per Hansen fra bortreist' }).click();
    await waitForToast(office, 'Fjernet');
    await board.getByText('Ingen bortreist i dag').waitFor();
    expect(await wasReloaded(board)).toBe(false);
  });

  it('a caretaker’s board shows who is sick but not the health note', async () => {
    const admin = await api(e.server.baseUrl, e.fx.a.admin);
    await admin.post('/api/sick/add', { date: SHIFT_DAY, name: 'Kari Syk', comment: 'Migrene' });
    const board = await signIn(await context(PHONE), e.fx.a.caretaker, '/vaktmester');
    await board.goto('/tilsynsvakt');
    await board.getByTestId('sick-chip').filter({ hasText: 'Kari Syk' }).click();
    expect(await textOf(board, 'student-info')).toBe('Ingen tilleggsinformasjon tilgjengelig');
    // A note added while the caretaker looks arrives without it, too.
    await admin.post('/api/sick/add', { date: SHIFT_DAY, name: 'Per Syk', comment: 'Omgangssyke' });
    await board.getByRole('button', { name: 'Lukk' }).first().click();
    await board.getByTestId('sick-chip').filter({ hasText: 'Per Syk' }).click();
    expect(await textOf(board, 'student-info')).toBe('Ingen tilleggsinformasjon tilgjengelig');
    expect(await board.content()).not.toContain('Omgangssyke');
    await admin.put('/api/sick', { date: SHIFT_DAY, students: [] });
  });

  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the sick and away screen at ${label} px: bad dates are stopped before they are sent`, async () => {
      const page = await openSickAndAway(viewport);
      const students = page.getByTestId('away-students-card');
      await students.getByTestId('away-range-from').fill(addDays(SHIFT_DAY, 3));
      await students.getByText('Fra-dato kan ikke være etter til-dato').waitFor();
      await students.getByPlaceholder('Elevnavn...').fill('Lise');
      expect(await students.getByRole('button', { name: 'Legg til' }).isDisabled()).toBe(true);
      await shoot(page, `admin-sick-and-away-${label}`);
    });
  }

  it('every control of the screen is reached with Tab, in reading order', async () => {
    const page = await openSickAndAway();
    await page.getByTestId('class-checkbox').first().waitFor();
    const reached: string[] = [];
    await page.locator('body').focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          if (!el || el === document.body) return '';
          return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
        }),
      );
    }
    const order = [
      'Se alle reiser',
      'Dato',
      'Navn',
      'Kommentar (valgfritt)',
      'Fra',
      'Til',
      'Elevnavn',
      'Fra',
      'Til',
      '8A',
      '9B',
      'Idrettslinje 10C',
    ];
    let at = 0;
    for (const name of reached) if (name === order[at]) at++;
    expect(at, `reached in order: ${reached.join(' | ')}`).toBe(order.length);
  });
});

type Trip = { id: string; fromDate: string; toDate: string; studentNames: string[] };

describe('/admin/reiser', () => {
  async function openTrips(viewport: Viewport = DESKTOP): Promise<Page> {
    const page = await signIn(await context(viewport), e.fx.a.admin, '/admin');
    await page.goto('/admin/reiser');
    await page.getByTestId('tab-active-trips').waitFor();
    return page;
  }
  const trip = (page: Page, text: string) => page.getByTestId('trip').filter({ hasText: text });

  it('two admins edit and remove trips and see each other’s changes; an edit of a trip removed meanwhile says so', async () => {
    const admin = await api(e.server.baseUrl, e.fx.a.admin);
    const classes = (await admin.get<Array<{ id: string; className: string }>>('/api/admin/classes')).body;
    const idrett = classes.find((c) => c.className === 'Idrettslinje 10C')!.id;
    await admin.post('/api/away/add', { fromDate: SHIFT_DAY, toDate: addDays(SHIFT_DAY, 3), studentNames: ['Anna', 'Bjørn'] });
    const skiing = (
      await admin.post<Trip>('/api/away/classes', { fromDate: addDays(SHIFT_DAY, 5), toDate: addDays(SHIFT_DAY, 7), classIds: [idrett] })
    ).body;
    await admin.post('/api/away/add', { fromDate: addDays(SHIFT_DAY, -5), toDate: addDays(SHIFT_DAY, -2), studentName: 'Gammel Tur' });

    const one = await openTrips();
    const two = await openTrips(PHONE);
    await trip(one, 'Anna').waitFor();
    expect(await textOf(one, 'tab-active-trips')).toBe('Aktive reiser (2)');
    expect(await textOf(one, 'tab-archived-trips')).toBe('Arkiv (1)');
    expect((await one.getByTestId('trip').allInnerTexts())[0]).toContain('Fra 15. mars 2026 til 17. mars 2026');
    expect(await textOf(one, 'active-trips')).toContain('Klasser: Idrettslinje 10C');

    // Oldest first.
    await one.getByTestId('trips-sort').click();
    await one.getByRole('option', { name: 'Eldste først' }).click();
    expect((await one.getByTestId('trip').allInnerTexts())[0]).toContain('Fra 10. mars 2026 til 13. mars 2026');

    // Edit in one window: dates, a name added (blank ones are not), a class checked.
    await trip(one, 'Anna').getByRole('button', { name: 'Rediger' }).click();
    const dialog = one.getByTestId('trip-edit-dialog');
    await dialog.getByTestId('trip-range-to').fill(addDays(SHIFT_DAY, 4));
    await dialog.getByTestId('trip-edit-name').fill('   ');
    expect(await dialog.getByTestId('trip-edit-add-name').isDisabled()).toBe(true);
    await dialog.getByTestId('trip-edit-name').fill('Cecilie');
    await dialog.getByTestId('trip-edit-name').press('Enter');
    await dialog.getByLabel('8A').check();
    await shoot(one, 'admin-trip-edit-1280');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await waitForToast(one, 'Reise oppdatert');
    await trip(two, 'Cecilie').waitFor();
    expect(await trip(two, 'Cecilie').innerText()).toContain('til 14. mars 2026');
    expect(await trip(two, 'Cecilie').innerText()).toContain('Klasser: 8A');

    // Remove in the other window, after 'Er du sikker…'.
    await trip(two, 'Idrettslinje').getByRole('button', { name: 'Fjern' }).click();
    await two.getByText('Er du sikker på at du vil fjerne denne reisen?').waitFor();
    await shoot(two, 'admin-trip-remove-375');
    await two.getByTestId('confirm-button').click();
    await waitForToast(two, 'Reise fjernet');
    await trip(one, 'Idrettslinje').waitFor({ state: 'detached' });
    expect(await textOf(one, 'tab-active-trips')).toBe('Aktive reiser (1)');

    // An edit open in one window while the other removes the trip.
    await trip(one, 'Cecilie').getByRole('button', { name: 'Rediger' }).click();
    await (
      await api(e.server.baseUrl, e.fx.a.admin)
    ).delete(`/api/away/entry/${(await admin.get<Trip[]>('/api/away/all')).body.find((t) => t.studentNames.includes('Cecilie'))!.id}`);
    await dialog.getByText('Reisen er fjernet av noen andre').waitFor();
    expect(await dialog.getByRole('button', { name: 'Lagre' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await one.getByText('Ingen aktive reiser').waitFor();
    expect(skiing.id).toBeTruthy();

    // The archive: read only.
    await one.getByTestId('tab-archived-trips').click();
    await trip(one, 'Gammel Tur').waitFor();
    expect(await trip(one, 'Gammel Tur').getByRole('button').count()).toBe(0);
    await shoot(one, 'admin-trips-archive-1280');
    await two.getByTestId('tab-archived-trips').click();
    await trip(two, 'Gammel Tur').waitFor();
    await shoot(two, 'admin-trips-archive-375');
  });

  it('the Plattformadministrator works on a chosen school', async () => {
    const page = await (await context()).newPage();
    await signInPlatform(page, e.fx.platformAdmin.email);
    await dismissToast(page);
    await page.goto('/admin/reiser');
    await page.getByText('Velg en skole for å se reisene.').waitFor();
    await page.getByTestId('admin-school-select').click();
    await page.getByRole('option', { name: 'Skole B', exact: true }).click();
    await page.getByText('Ingen aktive reiser').waitFor();
    await page.getByTestId('register-trip').click();
    await page.getByTestId('sick-card').waitFor();
    await page.getByTestId('sick-card').getByLabel('Navn').fill('Elev på B');
    await page.getByRole('button', { name: 'Legg til og lagre' }).click();
    await waitForToast(page, 'Lagret');
    const schoolB = await api(e.server.baseUrl, e.fx.b.admin);
    expect((await schoolB.get<{ names: string[] }>(`/api/sick?date=${SHIFT_DAY}`)).body.names).toEqual(['Elev på B']);
  });
});
