import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RANGE_TEXTS } from '../protocol/src/reportRanges';
import { ReportModel } from '../server/src/features/reports/model';
import { pdfPages } from '../server/test/poppler';
import { TestClock } from '../server/test/testClock';
import { shoot } from './actions';
import { axeViolations } from './axe';
import { expectFocusSeen, tabTo } from './keyboard';
import { clockedContexts, EVENING, signIn, textOf, type Viewport } from './boardSupport';
import { DESKTOP, downloadedBytes, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

/**
 * Årsrapport's downloads of any range and the whole year, and Ukesrapport's previews with 'Vis'
 * first (issue 45), on the evening of Tuesday 10 March 2026.
 */
const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);

const MONDAY_TEXT = 'Mandag: Æsa var syk; ringte foreldre.\nOla fikk te kl. 22.\nRolig på rom 12.\nPer kom sent.\nAlle i seng kl. 23.';

beforeAll(async () => {
  e = await startE2E({ clock });
  const a = e.fx.a;
  const report = (date: string, author: { id: string; name: string }, content: string) => ({
    schoolId: a.id,
    authorUserId: author.id,
    authorName: author.name,
    date,
    content,
    taskTicks: [{ id: `${date}-1`, taskId: '1', at: new Date(`${date}T20:05:00Z`) }],
  });
  await ReportModel.of(a.id).create([
    report('2025-12-31', a.supervisor, 'Nyttårsaften, året før'),
    report('2026-01-02', a.supervisor, 'Årets første rapport'),
    report('2026-03-09', a.supervisor, MONDAY_TEXT),
    report('2026-03-09', a.admin, ''),
    report('2026-06-15', a.supervisor, 'Sommerkveld'),
    report('2026-12-30', a.admin, 'Årets siste rapport'),
    report('2027-01-01', a.supervisor, 'Nyttårsdag, året etter'),
  ]);
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

async function openAs(path: string, viewport: Viewport): Promise<Page> {
  return signIn(await contexts.open(viewport), e.fx.a.admin, path);
}

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

const href = (page: Page, format: string) => page.getByTestId(`export-${format}`).getAttribute('href');

describe('Årsrapport: download any range, or the whole year', () => {
  it('the whole year by keyboard, in each format: every report of 2026 and none other; the PDF opens on the reports', async () => {
    const page = await openAs('/admin/aarsrapport?year=2026&week=11', DESKTOP);
    await page.getByTestId('export-range').waitFor();
    // The overview above it comes in its own chunk and moves the card down when it does: the page settled first.
    await page.getByTestId('year-chart').waitFor();
    // Until another range is picked, the chosen week.
    expect(await textOf(page, 'export-period')).toBe('9. mars 2026 – 15. mars 2026 (7 dager)');
    expect(await href(page, 'csv')).toBe('/api/reports/export.csv?from=2026-03-09&to=2026-03-15');

    // From the last date field on, past the chart's own stops.
    await page.getByTestId('export-to').focus();
    await tabTo(page, page.getByRole('button', { name: 'Hele året 2026' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'export-period')).toBe('1. januar 2026 – 31. desember 2026 (365 dager)');
    await tabTo(page, page.getByRole('link', { name: 'Last ned som Excel-regneark' }));
    await expectFocusSeen(page);
    for (const format of ['xlsx', 'pdf', 'csv'])
      expect(await href(page, format)).toBe(`/api/reports/export.${format}?from=2026-01-01&to=2026-12-31`);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-yearly-export-year-1280');

    const csv = await download(page, 'export-csv');
    expect(csv.name).toBe('Rapporter Skole A 2026-01-01 til 2026-12-31.csv');
    const text = csv.bytes.toString('utf8');
    for (const inYear of ['Årets første rapport', 'Mandag: Æsa var syk', 'Sommerkveld', 'Årets siste rapport'])
      expect(text).toContain(inYear);
    expect(text).not.toContain('året før');
    expect(text).not.toContain('året etter');

    const xlsx = await download(page, 'export-xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(6).text).toBe('Årets første rapport');
    expect(sheet.getRow(6).getCell(6).text).toBe('Årets siste rapport');

    const pdf = await download(page, 'export-pdf');
    const [first] = pdfPages(pdf.bytes);
    expect(first).toContain('1. januar 2026 – 31. desember 2026');
    expect(first).toContain('Antall rapporter');
    // The first page holds the reports themselves, with the times the rounds were done.
    expect(first).toContain('2. januar 2026 · Kari A');
    expect(first).toContain('Årets første rapport');
    expect(first).toMatch(/kl\. 21:05/);
  });

  it('a range the server would refuse gives the reason and no links; a good one its links; another week resets it', async () => {
    const page = await openAs('/admin/aarsrapport?year=2026&week=11', DESKTOP);
    await page.getByTestId('export-range').waitFor();
    // The overview above it comes in its own chunk and moves the card down when it does: the page settled first.
    await page.getByTestId('year-chart').waitFor();
    await page.getByTestId('export-from').fill('2026-03-20');
    await expect.poll(() => textOf(page, 'export-range-error')).toBe(REPORT_RANGE_TEXTS.order);
    expect(await page.getByTestId('export-csv').count()).toBe(0);
    expect(await page.getByTestId('export-from').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-yearly-export-error-1280');

    await page.getByTestId('export-from').fill('2025-01-01');
    await page.getByTestId('export-to').fill('2026-03-01');
    await expect.poll(() => textOf(page, 'export-range-error')).toBe(REPORT_RANGE_TEXTS.tooLong);

    await page.getByTestId('export-from').fill('2026-03-01');
    await page.getByTestId('export-to').fill('2026-06-30');
    await expect.poll(() => href(page, 'pdf')).toBe('/api/reports/export.pdf?from=2026-03-01&to=2026-06-30');
    expect(await textOf(page, 'export-period')).toBe('1. mars 2026 – 30. juni 2026 (122 dager)');
    const csv = await download(page, 'export-csv');
    expect(csv.bytes.toString('utf8')).toContain('Sommerkveld');
    expect(csv.bytes.toString('utf8')).not.toContain('Årets første rapport');

    // 'Valgt uke' goes back to the week; choosing another week makes that the range.
    await page.getByTestId('export-week').click();
    expect(await href(page, 'csv')).toBe('/api/reports/export.csv?from=2026-03-09&to=2026-03-15');
    await page.getByTestId('export-whole-year').click();
    await page.getByTestId('yearly-week').click();
    await page.getByRole('option', { name: 'Uke 10 (2. mars – 8. mars)' }).click();
    await expect.poll(() => href(page, 'csv')).toBe('/api/reports/export.csv?from=2026-03-02&to=2026-03-08');
  });

  it('on a phone: the fields, the shortcuts and the links fit, axe-clean; the whole year by keyboard', async () => {
    const page = await openAs('/admin/aarsrapport?year=2026&week=11', PHONE);
    await page.getByTestId('export-range').waitFor();
    // The overview above it comes in its own chunk and moves the card down when it does: the page settled first.
    await page.getByTestId('year-chart').waitFor();
    // From the last date field on, past the chart's own stops.
    await page.getByTestId('export-to').focus();
    await tabTo(page, page.getByRole('button', { name: 'Hele året 2026' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => href(page, 'xlsx')).toBe('/api/reports/export.xlsx?from=2026-01-01&to=2026-12-31');
    await page.getByTestId('export-range').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-yearly-export-year-375');
  });
});

describe('Ukesrapport: each report previewed, Vis first', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${label} px: the first lines of each text, 'Vis' the main button before 'Rediger', by keyboard, axe-clean`, async () => {
      const page = await openAs('/admin/ukesrapport', viewport);
      const monday = page.getByTestId('range-report').filter({ hasText: 'Kari A' });
      await monday.waitFor();
      const preview = monday.getByTestId('report-preview');
      // The whole text is there for a screen reader; the screen shows its first three lines.
      expect(await preview.textContent()).toBe(MONDAY_TEXT);
      const { lines, clipped } = await preview.evaluate((element) => ({
        lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
        clipped: element.scrollHeight > element.clientHeight,
      }));
      expect(lines).toBe(3);
      expect(clipped).toBe(true);
      expect(await page.getByTestId('range-report').filter({ hasText: 'Admin A' }).getByTestId('report-preview').innerText()).toBe(
        'Ingen tekst',
      );

      const open = monday.getByTestId('open-report');
      const edit = monday.getByTestId('edit-report-link');
      expect(await open.getAttribute('class')).toBe('button button-small');
      expect(await edit.getAttribute('class')).toBe('button button-secondary button-small');
      await tabTo(page, open);
      await page.keyboard.press('Tab');
      expect(await edit.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-weekly-preview-${label}`);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await page.getByTestId('report-view').waitFor();
      expect(await page.getByTestId('report-view').innerText()).toContain('Alle i seng kl. 23.');
    });
  }
});
