import type { Page } from 'playwright-core';
import { Types } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '#protocol/reports';
import { osloInstant } from '#protocol/time';
import { ReportModel } from '../server/src/features/reports/model';
import { makeUser } from '../server/test/callers';
import { writeMyReport } from '../server/test/reportWrites';
import type { FixtureUser } from '../server/test/fixtures';
import { TestClock } from '../server/test/testClock';
import { markPage, shoot, waitForToast, wasReloaded } from './actions';
import { api, clockedContexts, EVENING, SHIFT_DAY, signIn, textOf, type Viewport } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);

type Report = { id: string; date: string; content: string; authorName: string };

/**
 * Writes the user's report of a past evening, as they would have that evening: the office has the
 * students in `away` on a trip that day (the report lists the day's trips), then the supervisor
 * saves the text and ticks the rounds.
 */
async function writeReport(
  user: FixtureUser,
  day: string,
  content: string,
  completedTasks: string[],
  away: string[] = [],
): Promise<Report> {
  clock.set(osloInstant(day, 22, 5));
  if (away.length) {
    const trip = await (
      await api(e.server.baseUrl, e.fx.a.admin)
    ).post('/api/away/add', { fromDate: day, toDate: day, studentNames: away });
    expect(trip.status).toBe(200);
  }
  const saved = await writeMyReport(await api(e.server.baseUrl, user), day, content, completedTasks);
  clock.set(EVENING);
  expect(saved.status).toBe(200);
  return reportSchema.parse(saved.body);
}

let older: Report;
let yesterday: Report;
let empty: Report;

beforeAll(async () => {
  e = await startE2E({ clock });
  older = await writeReport(e.fx.a.supervisor, '2026-03-08', 'Rolig kveld.\nLys av kl. 23:00.', ['1', '2'], ['Per Hansen']);
  // A task id no school has (an old client's data): shown as 'Oppgave 7'.
  await ReportModel.of(e.fx.a.id).collection.updateOne({ _id: new Types.ObjectId(older.id) }, {
    $push: { taskTicks: { taskId: '7', at: osloInstant('2026-03-08', 23, 30) } },
  } as never);
  yesterday = await writeReport(await makeUser(e.fx.a.id, 'Tilsynsvakt'), '2026-03-09', 'Ny elev på rom 12.', ['3']);
  empty = await writeReport(await makeUser(e.fx.a.id, 'Tilsynsvakt'), '2026-03-07', '', []);
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

const context = (viewport?: Viewport) => contexts.open(viewport);

const entry = (page: Page, id: string) => page.locator(`a[href="/rapport/${id}"]`);

describe('the report pages', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`a supervisor reads the last 7 days and one report at ${label} px`, async () => {
      const page = await signIn(await context(viewport), e.fx.a.supervisor, '/tilsynsvakt');
      await page.getByRole('link', { name: 'Rapporter' }).click();
      await page.waitForURL('**/rapporter');
      await page.getByRole('heading', { name: 'Rapporter (7 dager)' }).waitFor();
      await entry(page, older.id).waitFor();
      expect((await entry(page, older.id).innerText()).replace(/\s+/g, ' ')).toBe('8. mars 2026 Kari A 3 oppgaver fullført');
      expect(await entry(page, empty.id).getByTestId('completed-count').count()).toBe(0);
      const dates = await page.getByTestId('recent-report').locator('.row-title').allInnerTexts();
      expect(dates).toEqual(['9. mars 2026', '8. mars 2026', '7. mars 2026']);
      await shoot(page, `reports-list-${label}`);

      await entry(page, older.id).click();
      await page.getByTestId('report-view').waitFor();
      expect(await textOf(page, 'report-author')).toBe('Kari A');
      expect(await textOf(page, 'report-date')).toBe('søndag 8. mars 2026');
      expect(await textOf(page, 'report-locked')).toBe('Denne rapporten er låst');
      expect(await page.getByTestId('report-tasks').locator('li').allInnerTexts()).toEqual([
        'Dobbelttellene elever · kl. 22:05',
        'Sjekk opp syke elever (mat?) · kl. 22:05',
        'Oppgave 7 · kl. 23:30',
      ]);
      expect(await page.getByTestId('report-away').locator('li').allInnerTexts()).toEqual(['Per Hansen']);
      expect(await page.getByTestId('report-content').innerText()).toBe('Rolig kveld.\nLys av kl. 23:00.');
      expect(await page.getByTestId('edit-report').count()).toBe(0);
      expect(await page.getByTestId('delete-report').count()).toBe(0);
      expect(await page.getByTestId('header-back').getAttribute('href')).toBe('/rapporter');
      await shoot(page, `report-detail-${label}`);

      await page.goto(`/rapport/${empty.id}?source=yearly`);
      await page.getByText('Ingen innhold').waitFor();
      // source=yearly leads back to the yearly page for admins only.
      expect(await page.getByTestId('header-back').getAttribute('href')).toBe('/rapporter');

      await page.goto(`/rapport/${new Types.ObjectId().toHexString()}`);
      await page.getByText('Rapport ikke funnet').waitFor();
      await page.goto(`/rapport/${older.id}/rediger`);
      await page.getByTestId('no-access').waitFor();
      expect(await page.getByTestId('report-edit-text').count()).toBe(0);
    });
  }

  it('an admin edits and deletes a report, and other windows follow live', async () => {
    const list = await signIn(await context(PHONE), e.fx.a.supervisor, '/rapporter');
    await entry(list, yesterday.id).waitFor();
    await markPage(list);
    const reader = await signIn(await context(PHONE), e.fx.a.caretaker, '/vaktmester');
    await reader.goto(`/rapport/${yesterday.id}`);
    await reader.getByTestId('report-view').waitFor();
    await markPage(reader);

    const admin = await signIn(await context(PHONE), e.fx.a.admin, '/admin');
    await admin.goto(`/rapport/${yesterday.id}?source=yearly`);
    await admin.getByTestId('report-view').waitFor();
    expect(await admin.getByTestId('header-back').getAttribute('href')).toBe('/admin/aarsrapport');
    await shoot(admin, 'report-detail-admin-375');
    await admin.getByTestId('edit-report').click();
    await admin.waitForURL((url) => url.pathname === `/rapport/${yesterday.id}/rediger` && url.search === '?source=yearly');
    await admin.getByTestId('report-edit-text').waitFor();
    expect(await admin.getByTestId('report-edit-text').inputValue()).toBe('Ny elev på rom 12.');
    await shoot(admin, 'report-edit-375');

    // Avbryt goes back to the detail page, keeping source=yearly.
    await admin.getByTestId('cancel-edit').click();
    await admin.waitForURL((url) => url.pathname === `/rapport/${yesterday.id}` && url.search === '?source=yearly');
    await admin.getByTestId('edit-report').click();
    await admin.getByTestId('report-edit-text').fill('Ny elev på rom 12. Foreldre ringt kl. 20.');
    await admin.getByTestId('save-report-edit').click();
    await waitForToast(admin, 'Rapporten er oppdatert');
    await admin.waitForURL((url) => url.pathname === `/rapport/${yesterday.id}` && url.search === '?source=yearly');
    expect(await admin.getByTestId('report-content').innerText()).toBe('Ny elev på rom 12. Foreldre ringt kl. 20.');
    await expect.poll(() => reader.getByTestId('report-content').innerText()).toBe('Ny elev på rom 12. Foreldre ringt kl. 20.');

    // A failed delete shows the server's message, or the fallback.
    await admin.route(`**/api/reports/${yesterday.id}?**`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await admin.getByTestId('delete-report').click();
    await admin.getByRole('alertdialog').getByText('Er du sikker?').waitFor();
    await shoot(admin, 'report-delete-375');
    await admin.getByTestId('confirm-button').click();
    await waitForToast(admin, 'Kunne ikke slette rapporten');
    await admin.unroute(`**/api/reports/${yesterday.id}?**`);

    await admin.getByTestId('delete-report').click();
    await admin.getByTestId('confirm-button').click();
    await waitForToast(admin, 'Rapporten er slettet');
    await admin.waitForURL((url) => url.pathname === '/admin/aarsrapport');
    await entry(list, yesterday.id).waitFor({ state: 'detached' });
    await reader.getByText('Rapport ikke funnet').waitFor();
    expect(await wasReloaded(list)).toBe(false);
    expect(await wasReloaded(reader)).toBe(false);

    // A report saved tonight joins the open list: the text, then the round ticked (two saves, two events).
    const tonight = await writeMyReport(await api(e.server.baseUrl, e.fx.a.supervisor), SHIFT_DAY, 'Kveldsrunde gjort.', ['4']);
    expect(tonight.status).toBe(200);
    await entry(list, tonight.body.id).waitFor();
    await expect.poll(() => entry(list, tonight.body.id).innerText()).toContain('1 oppgave fullført');
  });

  it('the edit page at 1280 px, and a failed update keeps the text', async () => {
    const admin = await signIn(await context(DESKTOP), e.fx.a.admin, '/admin');
    await admin.goto(`/rapport/${older.id}/rediger`);
    await admin.getByTestId('report-edit-text').waitFor();
    await shoot(admin, 'report-edit-1280');
    await admin.route(`**/api/reports/${older.id}?**`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Rapporten er endret', code: 'conflict' }),
          })
        : route.fallback(),
    );
    await admin.getByTestId('report-edit-text').fill('Rettet tekst');
    await admin.getByTestId('save-report-edit').click();
    await waitForToast(admin, 'Rapporten er endret');
    expect(await admin.getByTestId('report-edit-text').inputValue()).toBe('Rettet tekst');
    await admin.unroute(`**/api/reports/${older.id}?**`);
    await admin.getByTestId('cancel-edit').click();
    await admin.waitForURL((url) => url.pathname === `/rapport/${older.id}` && url.search === '');
    await admin.getByTestId('report-view').waitFor();
    await shoot(admin, 'report-detail-admin-1280');
  });
});
