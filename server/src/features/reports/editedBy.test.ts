import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { Report } from '#protocol/reports';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import { downloadExport, parseCsv } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';

/**
 * Issue 45: a report whose text an Admin corrected says so, with who and when, wherever it is
 * read (the report, the office's pages, the exports), so the Admin's sentence is not taken for the
 * supervisor's. The supervisor's own saves name no one.
 */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let edited: Report;

clock.setOslo('2026-11-27', 22, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  edited = (await c.supervisorA.put<Report>('/api/reports/my', { date: '2026-11-27', content: 'Rolig kveld.' })).body;
  clock.setOslo('2026-11-28', 10, 15);
});

describe('a report an Admin corrected', () => {
  it('the supervisor’s own save names no one', async () => {
    const res = await c.adminA.get<Report>(`/api/reports/${edited.id}`);
    expect(res.status).toBe(200);
    expect(res.body.editedBy ?? null).toBeNull();
  });

  it('only an Admin of the school (or the platform) corrects it; a refused correction names no one', async () => {
    const edit = { content: 'Forsøk' };
    const refused = refusedExcept({ adminB: 404, platform: 400 });
    delete refused.adminA;
    await expectAccess(c, (x) => x.put(`/api/reports/${edited.id}`, edit), refused);
    expect((await c.adminB.put(`/api/reports/${edited.id}?schoolId=${fx.a.id}`, edit)).status).toBe(403);
    expect((await c.adminA.get<Report>(`/api/reports/${edited.id}`)).body.editedBy ?? null).toBeNull();
  });

  it('says who corrected it and when, in the report and the office’s lists', async () => {
    const res = await c.adminA.put<Report>(`/api/reports/${edited.id}`, { content: 'Rolig kveld. Ola fikk te.' });
    expect(res.status).toBe(200);
    const by = { name: 'Admin A', role: 'Admin', at: '2026-11-28T09:15:00.000Z' };
    expect(res.body.editedBy).toEqual(by);
    expect((await c.supervisorA.get<Report>(`/api/reports/${edited.id}`)).body.editedBy).toEqual(by);
    const week = await c.adminA.get<Report[]>('/api/admin/reports/week?start=2026-11-23&end=2026-11-29');
    expect(week.body.find((r) => r.id === edited.id)!.editedBy).toEqual(by);
    // The platform's correction later names the platform.
    clock.setOslo('2026-11-28', 11, 0);
    const platform = await c.platform.put<Report>(`/api/reports/${edited.id}?schoolId=${fx.a.id}`, {
      content: 'Rolig kveld. Ola fikk te!',
    });
    expect(platform.body.editedBy).toEqual({ name: 'Pål Plattform', role: 'Plattformadministrator', at: '2026-11-28T10:00:00.000Z' });
    clock.setOslo('2026-11-28', 10, 15);
    await c.adminA.put<Report>(`/api/reports/${edited.id}`, { content: 'Rolig kveld. Ola fikk te.' });
  });

  it('the exports say it too: a column in CSV and Excel, a line in the PDF', async () => {
    const range = 'from=2026-11-27&to=2026-11-27';
    const csv = parseCsv((await downloadExport(c.adminA, `/api/reports/export.csv?${range}`)).bytes.toString('utf8'));
    const column = csv[0]!.indexOf('Endret av');
    expect(column).toBeGreaterThan(0);
    expect(csv.slice(1).map((row) => row[column])).toEqual(['Admin A, 28. november 2026 kl. 10:15']);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadExport(c.adminA, `/api/reports/export.xlsx?${range}`)).bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Endret av');
    expect(sheet.getRow(2).getCell(header).text).toBe('Admin A, 28. november 2026 kl. 10:15');

    const pdf = new PDFParse({ data: new Uint8Array((await downloadExport(c.adminA, `/api/reports/export.pdf?${range}`)).bytes) });
    const text = (await pdf.getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Endret av: Admin A, 28. november 2026 kl. 10:15');
    // The export worker starts from the TypeScript source in tests: slow on a busy machine.
  }, 120_000);
});
