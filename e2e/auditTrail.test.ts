import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportModel } from '../server/src/features/reports/model';
import { shoot } from './actions';
import { axeViolations } from './axe';
import { api, eveningE2E, signIn, type Viewport } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { tabTo } from './keyboard';

/**
 * Issue 45 on screen: Endringslogg shows the changes of classes, trips and sick lists with who
 * and when and never a sick comment, filtered by kind and person by keyboard; a report an Admin
 * corrected says 'Endret av' on the report and on the yesterday page.
 */
const t = eveningE2E();
const COMMENT = 'Feber og vondt i halsen';
let reportId: string;

beforeAll(async () => {
  const { fx, server } = t.e;
  const admin = await api(server.baseUrl, fx.a.admin);
  const platform = await api(server.baseUrl, fx.platformAdmin);
  const report = await ReportModel.of(fx.a.id).create({
    schoolId: fx.a.id,
    authorUserId: fx.a.supervisor.id,
    authorName: fx.a.supervisor.name,
    date: '2026-03-09',
    content: 'Rolig kveld.',
  });
  reportId = report.id;
  await admin.put(`/api/reports/${reportId}`, { content: 'Rolig kveld. Ola (syk) fikk te.' });
  const klasse = (await admin.post<{ id: string }>('/api/admin/classes', { className: '2STA' })).body;
  await admin.post('/api/away/add', { fromDate: '2026-03-10', toDate: '2026-03-12', studentName: 'Jonas Berg' });
  await admin.post('/api/away/classes', { fromDate: '2026-03-10', toDate: '2026-03-12', classIds: [klasse.id] });
  await platform.post(`/api/sick/add?schoolId=${fx.a.id}`, { date: '2026-03-10', name: 'Ola Nordmann', comment: COMMENT });
});

const entries = async (page: Page) =>
  (await page.getByTestId('audit-entry').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** Opens a select by keyboard and picks the option by typing its start, as a keyboard user does. */
async function chooseByKeyboard(page: Page, testId: string, option: string): Promise<void> {
  await tabTo(page, page.getByTestId(testId));
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: option }).waitFor();
  await page.keyboard.type(option);
  // Enter once the typed start has moved the highlight there (CI of 88f1036: under load, Enter came first and chose another kind).
  await expect
    .poll(() => page.evaluate(() => (document.activeElement?.textContent ?? '').replace('✓', '').trim()))
    .toMatch(new RegExp(`^${option}`));
  await page.keyboard.press('Enter');
  await page.getByRole('option').first().waitFor({ state: 'detached' });
}

describe('Endringslogg: every change, with who and when, filtered by kind and person', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as Array<[string, Viewport]>) {
    it(`lists the changes, never a sick comment; the filters work by keyboard, at ${label} px`, async () => {
      const page = await signIn(await t.contexts.open(viewport), t.e.fx.a.admin, '/admin/logg');
      await page.getByTestId('audit-entry').first().waitFor();
      const all = await entries(page);
      expect(all[0]).toMatch(
        /^La til elev på sykelisten: Ola Nordmann 10\. mars 2026 Pål Plattform \(Plattformadministrator\) · 10\. mars 2026 kl\. 21:1\d$/,
      );
      expect(all.some((line) => line.startsWith('La til klasse på reise: 2STA fra 10. mars 2026 til 12. mars 2026 Admin A (Admin)'))).toBe(
        true,
      );
      expect(all.some((line) => line.startsWith('La til elev på reise: Jonas Berg'))).toBe(true);
      expect(all.some((line) => line.startsWith('Opprettet klasse: 2STA'))).toBe(true);
      expect(all.some((line) => line.startsWith('Redigerte rapport: Kari A, 9. mars 2026'))).toBe(true);
      expect(await page.getByTestId('audit-page').innerText()).not.toContain('Feber');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-audit-trail-${label}`);

      await chooseByKeyboard(page, 'audit-kind', 'Reiser');
      await expect.poll(() => entries(page)).toHaveLength(2);
      expect((await entries(page)).every((line) => /^La til (elev|klasse) på reise:/.test(line))).toBe(true);
      expect(page.url()).toContain('type=trips');

      await chooseByKeyboard(page, 'audit-kind', 'Alle typer');
      await chooseByKeyboard(page, 'audit-person', 'Pål Plattform');
      await expect.poll(() => entries(page)).toHaveLength(1);
      expect((await entries(page))[0]).toMatch(/^La til elev på sykelisten: Ola Nordmann/);
      // Both at once: the platform made no trip change.
      await chooseByKeyboard(page, 'audit-kind', 'Reiser');
      await page.getByText('Ingen endringer med disse valgene').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-audit-filtered-${label}`);
    });
  }
});

describe('a report an Admin corrected says so', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as Array<[string, Viewport]>) {
    it(`on the report and on the yesterday page, with who and when, at ${label} px`, async () => {
      const context = await t.contexts.open(viewport);
      const report = await signIn(context, t.e.fx.a.admin, `/rapport/${reportId}`);
      const line = report.getByTestId('report-edited-by');
      await line.waitFor();
      expect(await line.innerText()).toMatch(/^Endret av Admin A \(Admin\) 10\. mars 2026 kl\. 21:1\d$/);
      expect(await axeViolations(report)).toEqual([]);
      await shoot(report, `report-edited-by-${label}`);

      await report.goto('/admin/gaarsdagens-rapport');
      const summary = report.getByTestId('yesterday-report');
      await summary.waitFor();
      expect(await summary.getByTestId('report-edited-by').innerText()).toMatch(/^Endret av Admin A \(Admin\) 10\. mars 2026 kl\. 21:1\d$/);
      expect(await axeViolations(report)).toEqual([]);
      await shoot(report, `yesterday-edited-by-${label}`);
    });
  }
});
