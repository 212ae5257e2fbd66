import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReportModel } from '../server/src/features/reports/model';
import { writeMyReport } from '../server/test/reportWrites';
import { TestClock } from '../server/test/testClock';
import { markPage, shoot, wasReloaded } from './actions';
import { axeViolations } from './axe';
import { focusState } from './keyboard';
import { api, clockedContexts, EVENING, SHIFT_DAY, signIn, textOf, type Viewport } from './boardSupport';
import { DESKTOP, downloadedBytes, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

/** The office's report pages on the evening of Tuesday 10 March 2026 (ISO week 11). */
const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
let ids: Record<string, string>;

beforeAll(async () => {
  e = await startE2E({ clock });
  const a = e.fx.a;
  const report = (date: string, author: { id: string; name: string }, content: string, ticks: string[] = []) => ({
    schoolId: a.id,
    authorUserId: author.id,
    authorName: author.name,
    date,
    content,
    awayStudents: ['Per Ødegård'],
    taskTicks: ticks.map((taskId) => ({ id: `${date}-${taskId}`, taskId, at: EVENING })),
  });
  // Written a minute before the evening each test starts at: a correction made during a test is
  // stored later than the original, as it would be (stored times follow the app's clock).
  clock.set(new Date(EVENING.getTime() - 60_000));
  const created = await ReportModel.of(a.id).create([
    report('2026-03-03', a.supervisor, 'For gammel for uken'),
    report('2026-03-05', a.supervisor, 'Torsdag: rolig.'),
    report('2026-03-09', a.supervisor, 'Mandag: Æsa var syk; ringte foreldre.', ['1', '3']),
    report('2026-03-09', a.admin, '=1+1 skal stå som tekst'),
  ]);
  await ReportModel.of(e.fx.b.id).create({ ...report('2026-03-09', e.fx.b.supervisor, 'Skole B'), schoolId: e.fx.b.id });
  ids = { old: created[0]!.id, thursday: created[1]!.id, monday: created[2]!.id, mondayAdmin: created[3]!.id };
  clock.set(EVENING);
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

async function openAs(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  return signIn(await contexts.open(viewport), e.fx.a.admin, path);
}
const rows = async (page: Page) => (await page.getByTestId('range-report').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

describe('the office’s report pages', () => {
  it('/admin/ukesrapport: the last seven days, newest first, live, with exports', async () => {
    const page = await openAs('/admin/ukesrapport');
    await page.getByTestId('range-report').first().waitFor();
    await markPage(page);
    // Each with the first lines of its text, 'Vis' first and the main button, 'Rediger' after it.
    expect(await rows(page)).toEqual([
      '9. mars 2026 Admin A Låst =1+1 skal stå som tekst Vis rapporten 9. mars 2026, Admin A Rediger rapporten 9. mars 2026, Admin A',
      '9. mars 2026 Kari A Låst Mandag: Æsa var syk; ringte foreldre. Vis rapporten 9. mars 2026, Kari A Rediger rapporten 9. mars 2026, Kari A',
      '5. mars 2026 Kari A Låst Torsdag: rolig. Vis rapporten 5. mars 2026, Kari A Rediger rapporten 5. mars 2026, Kari A',
    ]);
    expect(await page.getByTestId('range-report').nth(1).getByTestId('open-report').getAttribute('href')).toBe(`/rapport/${ids.monday}`);
    expect(await page.getByTestId('range-report').nth(1).getByTestId('edit-report-link').getAttribute('href')).toBe(
      `/rapport/${ids.monday}/rediger`,
    );

    // Tonight's report appears when the supervisor saves it; a deleted one goes.
    const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
    const tonight = await writeMyReport(supervisor, SHIFT_DAY, 'Kveld');
    expect(tonight.status).toBe(200);
    await expect.poll(() => rows(page)).toHaveLength(4);
    expect((await rows(page))[0]).toMatch(/^10\. mars 2026 Kari A Kveld Vis/);
    const admin = await api(e.server.baseUrl, e.fx.a.admin);
    await admin.delete(`/api/reports/${tonight.body.id}`);
    await expect.poll(() => rows(page)).toHaveLength(3);
    expect(await wasReloaded(page)).toBe(false);

    const csv = await download(page, 'export-csv');
    expect(csv.name).toBe('Rapporter Skole A 2026-03-04 til 2026-03-10.csv');
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('"Mandag: Æsa var syk; ringte foreldre."');
    expect(text).toContain(`"'=1+1 skal stå som tekst"`);
    expect(text).not.toContain('For gammel for uken');
    expect(text).not.toContain('Skole B');
    await shoot(page, 'admin-weekly-1280');
  });

  it('/admin/aarsrapport: this ISO week by default, filters in the URL, the way back kept, the year at a glance', async () => {
    const page = await openAs('/admin/aarsrapport');
    await page.getByTestId('yearly-count').waitFor();
    expect(await textOf(page, 'yearly-year')).toBe('2026 (i år)');
    expect(await textOf(page, 'yearly-week')).toBe('Uke 11 (9. mars – 15. mars)');
    expect(await textOf(page, 'yearly-period')).toBe('Mandag 9. mars 2026 – søndag 15. mars 2026');
    expect(await textOf(page, 'yearly-count')).toBe('Viser 2 rapporter');

    // The year at a glance: a chart per measure that says what it shows, and every number in a table.
    const reportsChart = page.getByTestId('year-chart-reports');
    expect(await reportsChart.getAttribute('aria-label')).toBe('Rapporter skrevet per uke i 2026: høyest i uke 10 (2); uke 11: 2.');
    await page.getByText('Vis tallene som tabell').click();
    expect(await page.locator('.year-chart-table tbody tr').count()).toBe(53);
    expect((await page.locator('.year-chart-table tbody tr').nth(10).innerText()).replace(/\s+/g, ' ')).toBe('11 2 33 % 0 0 0');

    // One user: the count, and links that lead back to exactly this view.
    await page.getByTestId('yearly-user').click();
    await page.getByRole('option', { name: 'Kari A' }).click();
    await expect.poll(() => textOf(page, 'yearly-count')).toBe('Viser 1 rapport');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ year: '2026', week: '11', user: e.fx.a.supervisor.id });
    await shoot(page, 'admin-yearly-1280');
    await page.getByTestId('open-report').click();
    await page.getByTestId('report-view').waitFor();
    expect(new URL(page.url()).search).toBe(`?source=yearly&year=2026&week=11&user=${e.fx.a.supervisor.id}`);
    await page.getByTestId('edit-report').click();
    await page.getByTestId('report-edit-text').waitFor();
    await page.getByTestId('cancel-edit').click();
    await page.getByTestId('report-view').waitFor();
    await page.getByTestId('header-back').click();
    await page.getByTestId('yearly-count').waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ year: '2026', week: '11', user: e.fx.a.supervisor.id });
    expect(await textOf(page, 'yearly-count')).toBe('Viser 1 rapport');

    // Live: the supervisor's report tonight joins the week.
    const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
    const tonight = await writeMyReport(supervisor, SHIFT_DAY, 'Kveld', ['2']);
    expect(tonight.status).toBe(200);
    await expect.poll(() => textOf(page, 'yearly-count')).toBe('Viser 2 rapporter');

    // Another week keeps the user; an empty week says so; 2026 has a week 53, 2027 does not.
    await page.getByTestId('yearly-week').click();
    await page.getByRole('option', { name: 'Uke 10 (2. mars – 8. mars)' }).click();
    await expect.poll(() => textOf(page, 'yearly-count')).toBe('Viser 2 rapporter');
    await page.getByTestId('yearly-week').click();
    expect(await page.getByRole('option', { name: /^Uke 53 / }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('yearly-year').click();
    await page.getByRole('option', { name: '2027' }).click();
    await page.getByText('Ingen rapporter funnet for valgte kriterier').waitFor();
    await page.getByTestId('yearly-week').click();
    expect(await page.getByRole('option', { name: /^Uke 53 / }).count()).toBe(0);
    expect(await page.getByRole('option', { name: /^Uke 52 / }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // The export of the chosen period.
    await page.goto('/admin/aarsrapport?year=2026&week=11');
    await page.getByTestId('yearly-count').waitFor();
    const xlsx = await download(page, 'export-xlsx');
    expect(xlsx.name).toBe('Rapporter Skole A 2026-03-09 til 2026-03-15.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(6).text).toBe('=1+1 skal stå som tekst');
    expect(sheet.getRow(3).getCell(3).text).toBe('Dobbelttellene elever kl. 21:14; Tilsynsrunde internat kl. 21:14');
    expect(sheet.getRow(4).getCell(3).text).toBe('Sjekk opp syke elever (mat?) kl. 21:14');
    await (await api(e.server.baseUrl, e.fx.a.admin)).delete(`/api/reports/${tonight.body.id}`);
  });

  it('/admin/gaarsdagens-rapport: every report of the previous report day as a summary, live', async () => {
    const page = await openAs('/admin/gaarsdagens-rapport', PHONE);
    await page.getByTestId('yesterday-report').first().waitFor();
    expect(await page.getByTestId('yesterday-report').count()).toBe(2);
    const kari = page.getByTestId('yesterday-report').filter({ hasText: 'Kari A' });
    const text = (await kari.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('mandag 9. mars 2026');
    expect(text).toContain('Denne rapporten er låst for redigering');
    expect(text).toContain('Utførte gjøremål Dobbelttellene elever · kl. 21:14 Tilsynsrunde internat · kl. 21:14');
    expect(text).toContain('Bortreist Per Ødegård');
    expect(text).toContain('Mandag: Æsa var syk; ringte foreldre.');
    expect(await kari.getByTestId('open-full-report').getAttribute('href')).toBe(`/rapport/${ids.monday}`);
    await markPage(page);

    // An admin's correction elsewhere shows here.
    const office = await api(e.server.baseUrl, e.fx.a.admin);
    const monday = await office.get<{ version: number }>(`/api/reports/${ids.monday}`);
    expect(
      (await office.put(`/api/reports/${ids.monday}`, { content: 'Mandag: rettet av kontoret.', baseVersion: monday.body.version })).status,
    ).toBe(200);
    await expect.poll(async () => (await kari.innerText()).includes('Mandag: rettet av kontoret.')).toBe(true);
    expect(await wasReloaded(page)).toBe(false);
    await shoot(page, 'admin-yesterday-375');

    // Before 09:00 on Wednesday the previous report day is still Monday; the page says so in its title.
    const other = await signIn(await contexts.open(PHONE), e.fx.b.admin, '/admin/gaarsdagens-rapport');
    await other.getByTestId('yesterday-report').waitFor();
    await (
      await api(e.server.baseUrl, e.fx.b.admin)
    ).delete(`/api/reports/${(await ReportModel.of(e.fx.b.id).findOne({ schoolId: e.fx.b.id }))!.id}`);
    await other.getByTestId('no-yesterday-report').waitFor();
    expect(await textOf(other, 'no-yesterday-report')).toBe(
      'Ingen rapport funnet Rapporter opprettes automatisk når tilsynsvakten fyller ut skjemaet for vakten.',
    );
    await shoot(other, 'admin-yesterday-empty-375');
  });

  it('/admin/aarsrapport: one user chosen filters the year at a glance and the exports too', async () => {
    const page = await openAs('/admin/aarsrapport?year=2026&week=11');
    const reportsChart = page.getByTestId('year-chart-reports');
    await reportsChart.waitFor();
    expect(await reportsChart.getAttribute('aria-label')).toBe('Rapporter skrevet per uke i 2026: høyest i uke 10 (2); uke 11: 2.');
    expect(await page.getByTestId('export-csv').getAttribute('href')).toBe('/api/reports/export.csv?from=2026-03-09&to=2026-03-15');
    expect(await page.getByTestId('year-chart-scope').count()).toBe(0);

    // By keyboard: the select opens on the chosen 'Alle brukere'; one down is Admin A.
    await page.getByTestId('yearly-user').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Admin A' }).waitFor();
    // The list takes focus on its chosen option once open; a key pressed before lands elsewhere (seen under load).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('option');
    await page.keyboard.press('ArrowDown');
    // Enter only once Admin A is the highlighted option, as a person sees it (under load the move can lag the key).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Admin A');
    await page.keyboard.press('Enter');
    // Focus goes back to the select, its ring showing.
    await expect.poll(async () => (await focusState(page)).what).toMatch(/\[yearly-user\]/);
    expect((await focusState(page)).ring).toBe(true);
    await expect
      .poll(() => reportsChart.getAttribute('aria-label'))
      .toBe('Rapporter skrevet (Admin A) per uke i 2026: høyest i uke 11 (1); uke 11: 1.');
    expect(await textOf(page, 'yearly-count')).toBe('Viser 1 rapport');
    expect(await textOf(page, 'year-chart-scope')).toBe(
      'Rapporter, runder og saker til vaktmester gjelder bare Admin A. Syke og bortreiste elever gjelder hele skolen.',
    );
    // Sick and away students are the school's lists, whoever is chosen.
    expect(await page.getByTestId('year-chart-sick').getAttribute('aria-label')).toMatch(/^Syke elever per uke i 2026: /);
    const admin = e.fx.a.admin.id;
    for (const [format, name] of [
      ['xlsx', 'Excel-regneark'],
      ['pdf', 'PDF'],
      ['csv', 'CSV-fil'],
    ] as const) {
      const link = page.getByRole('link', { name: `Last ned som ${name} (Admin A)` });
      expect(await link.getAttribute('href')).toBe(`/api/reports/export.${format}?from=2026-03-09&to=2026-03-15&userId=${admin}`);
    }
    expect(await page.getByRole('group', { name: 'Last ned rapportene til Admin A i perioden' }).count()).toBe(1);
    const csv = await download(page, 'export-csv');
    const lines = csv.bytes.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Admin A"');
    expect(csv.bytes.toString('utf8')).not.toContain('Kari A');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-yearly-user-1280');

    // Another user: the chart follows; the select still offers everyone.
    await page.getByTestId('yearly-user').click();
    // The chosen one carries a tick after its name.
    expect((await page.getByRole('option').allInnerTexts()).map((t) => t.replace(/\s*✓$/, ''))).toEqual([
      'Alle brukere',
      'Admin A',
      'Kari A',
    ]);
    await page.getByRole('option', { name: 'Kari A' }).click();
    await expect
      .poll(() => reportsChart.getAttribute('aria-label'))
      .toBe('Rapporter skrevet (Kari A) per uke i 2026: høyest i uke 10 (2); uke 11: 1.');
    expect(await page.getByTestId('export-pdf').getAttribute('href')).toContain(`userId=${e.fx.a.supervisor.id}`);
    await page.getByTestId('yearly-user').click();
    await page.getByRole('option', { name: 'Alle brukere' }).click();
    await expect
      .poll(() => reportsChart.getAttribute('aria-label'))
      .toBe('Rapporter skrevet per uke i 2026: høyest i uke 10 (2); uke 11: 2.');
    expect(await page.getByTestId('export-csv').getAttribute('href')).not.toContain('userId');

    const phone = await openAs(`/admin/aarsrapport?year=2026&week=11&user=${admin}`, PHONE);
    await phone.getByTestId('year-chart-scope').waitFor();
    expect(await textOf(phone, 'yearly-user')).toBe('Admin A');
    expect(await textOf(phone, 'export-user')).toBe('Bare Admin A:');
    expect(await axeViolations(phone)).toEqual([]);
    await shoot(phone, 'admin-yearly-user-375');
  });

  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the three pages render at ${label} px`, async () => {
      const page = await openAs('/admin/ukesrapport', viewport);
      await page.getByTestId('range-report').first().waitFor();
      await shoot(page, `admin-weekly-${label}`);
      await page.goto('/admin/aarsrapport');
      await page.getByTestId('year-chart').waitFor();
      await shoot(page, `admin-yearly-${label}`);
      await page.goto('/admin/gaarsdagens-rapport');
      await page.getByTestId('yesterday-report').first().waitFor();
      await shoot(page, `admin-yesterday-${label}`);
      await page.goto('/admin');
      await page.getByRole('link', { name: /Gårsdagens rapport/ }).click();
      await page.getByTestId('yesterday-report-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/gaarsdagens-rapport');
    });
  }
});
