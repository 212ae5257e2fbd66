import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { YearSummary } from '#protocol/reportRanges';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import { downloadExport, parseCsv } from '../../../test/exportFiles';
import type { Fixture, FixtureUser } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { MaintenanceTaskModel } from '../maintenance/model';
import { ReportModel } from '../reports/model';

/** The yearly page's user filter: the year at a glance and the exports of one author. */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let colleague: FixtureUser;

const RANGE = 'from=2026-03-09&to=2026-03-15';
const BAD_ID = 'Feltet «bruker»: Ugyldig id';

clock.setOslo('2026-03-20', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
  const report = (author: { id: string; name: string }, date: string, content: string, ticks: string[]) => ({
    schoolId: fx.a.id,
    authorUserId: author.id,
    authorName: author.name,
    date,
    content,
    taskTicks: ticks.map((taskId) => ({ id: `${date}-${taskId}`, taskId, at: new Date() })),
  });
  // Week 11 (9–15 March): Kari two reports, the colleague one; week 12: the colleague alone.
  await ReportModel.of(fx.a.id).create([
    report(fx.a.supervisor, '2026-03-09', 'Karis mandag', ['1', '2', '3']),
    report(fx.a.supervisor, '2026-03-10', 'Karis tirsdag', []),
    report(colleague, '2026-03-09', 'Kollegaens mandag', ['4', '5', '6']),
    report(colleague, '2026-03-16', 'Kollegaens uke 12', ['1']),
  ]);
  await ReportModel.of(fx.b.id).create({ ...report(fx.b.supervisor, '2026-03-10', 'Skole B', ['1']), schoolId: fx.b.id });
  const kase = (by: FixtureUser, createdAt: string) => ({
    schoolId: new Types.ObjectId(fx.a.id),
    roomNumber: '12',
    description: 'Lekker kran',
    status: 'pending',
    createdByUserId: new Types.ObjectId(by.id),
    createdByName: by.name,
    createdAt: new Date(createdAt),
  });
  await MaintenanceTaskModel.of(fx.a.id).collection.insertMany([
    kase(fx.a.supervisor, '2026-03-10T18:00:00Z'),
    kase(colleague, '2026-03-11T18:00:00Z'),
    kase(colleague, '2026-03-12T18:00:00Z'),
  ]);
  expect((await c.adminA.post('/api/sick/add', { date: '2026-03-10', name: 'Ola' })).status).toBe(200);
  expect(
    (await c.adminA.post('/api/away/add', { fromDate: '2026-03-12', toDate: '2026-03-13', studentNames: ['Per', 'Pål'] })).status,
  ).toBe(200);
});

const summaryOf = async (query: string, client = c.adminA) => {
  const res = await client.get<YearSummary>(`/api/admin/reports/year-summary?year=2026${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('the year at a glance of one user', () => {
  it('reports, rounds and cases are the chosen author’s; sick and away stay the school’s; the authors stay everyone', async () => {
    const all = await summaryOf('');
    expect(all.weeks[10]).toMatchObject({ week: 11, reports: 3, cases: 3, sick: 1, away: 2 });
    // 9 March: rounds 1–6 between the two; 10 March: none.
    expect(all.weeks[10]!.roundsShare).toBeCloseTo((6 / 6 + 0) / 2);

    const kari = await summaryOf(`&userId=${fx.a.supervisor.id}`);
    expect(kari.weeks[10]).toMatchObject({ week: 11, reports: 2, cases: 1, sick: 1, away: 2 });
    expect(kari.weeks[10]!.roundsShare).toBeCloseTo((3 / 6 + 0) / 2);
    expect(kari.weeks[11]).toMatchObject({ week: 12, reports: 0, roundsShare: 0 });

    const other = await summaryOf(`&userId=${colleague.id.toUpperCase()}`);
    expect(other.weeks[10]).toMatchObject({ week: 11, reports: 1, cases: 2, sick: 1, away: 2 });
    expect(other.weeks[10]!.roundsShare).toBeCloseTo(3 / 6);
    expect(other.weeks[11]).toMatchObject({ week: 12, reports: 1 });

    // Someone who wrote nothing: nothing of theirs, and the filter still offers everyone.
    const none = await summaryOf(`&userId=${fx.a.admin.id}`);
    expect(none.weeks.reduce((sum, week) => sum + week.reports + week.cases, 0)).toBe(0);
    for (const summary of [kari, other, none]) expect(summary.authors).toEqual(all.authors);
    expect(all.authors.map((a) => a.id).sort()).toEqual([fx.a.supervisor.id, colleague.id].sort());
  });

  it('the same access as without a user; a malformed user gets a Norwegian 400; school A stays school A’s', async () => {
    const withUser = `/api/admin/reports/year-summary?year=2026&userId=${fx.a.supervisor.id}`;
    await expectAccess(c, (x) => x.get(withUser), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    for (const bad of ['abc', `${fx.a.supervisor.id}0`, '{"$ne":null}']) {
      const res = await c.adminA.get<{ message: string }>(`/api/admin/reports/year-summary?year=2026&userId=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(BAD_ID);
    }
    // A bracketed key is a name of its own, not an operator: the filter is simply not set.
    expect((await summaryOf('&userId[$ne]=x')).weeks[10]).toMatchObject({ reports: 3, cases: 3 });
    // Another school's admin naming school A is refused, not served their own school instead.
    expect((await c.adminB.get(`${withUser}&schoolId=${fx.a.id}`)).status).toBe(403);
    // Naming school A's user without the school: school B's figures, in which that user wrote nothing.
    const b = await summaryOf(`&userId=${fx.a.supervisor.id}`, c.adminB);
    expect(b.weeks[10]).toMatchObject({ reports: 0, cases: 0 });
    expect(b.authors.map((a) => a.id)).toEqual([fx.b.supervisor.id]);
    const platform = await summaryOf(`&userId=${fx.a.supervisor.id}&schoolId=${fx.a.id}`, c.platform);
    expect(platform.weeks[10]).toMatchObject({ reports: 2, cases: 1 });
  });
});

describe('the exports of one user', () => {
  it('CSV, Excel and PDF hold the chosen author’s reports only', async () => {
    const query = `${RANGE}&userId=${fx.a.supervisor.id}`;
    const csv = await downloadExport(c.adminA, `/api/reports/export.csv?${query}`);
    expect(csv.status).toBe(200);
    expect(
      parseCsv(csv.bytes.toString('utf8'))
        .slice(1)
        .map((r) => [r[0], r[1], r[5]]),
    ).toEqual([
      ['9. mars 2026', 'Kari A', 'Karis mandag'],
      ['10. mars 2026', 'Kari A', 'Karis tirsdag'],
    ]);

    const xlsx = await downloadExport(c.adminA, `/api/reports/export.xlsx?${query}`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const texts: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    expect(texts).toContain('Karis mandag');
    expect(texts).toContain('Karis tirsdag');
    expect(texts).not.toContain('Kollegaens mandag');

    const pdf = await downloadExport(c.adminA, `/api/reports/export.pdf?${query}`);
    expect(pdf.status).toBe(200);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.bytes) }).getText();
    expect(text).toContain('Karis mandag');
    expect(text).toContain('Karis tirsdag');
    expect(text).not.toContain('Kollegaens');

    // The colleague's export is theirs alone; everyone's holds both.
    const theirs = parseCsv(
      (await downloadExport(c.adminA, `/api/reports/export.csv?${RANGE}&userId=${colleague.id}`)).bytes.toString('utf8'),
    );
    expect(theirs.slice(1).map((r) => r[5])).toEqual(['Kollegaens mandag']);
    const everyone = parseCsv((await downloadExport(c.adminA, `/api/reports/export.csv?${RANGE}`)).bytes.toString('utf8'));
    expect(everyone.slice(1).map((r) => r[5])).toEqual(['Kollegaens mandag', 'Karis mandag', 'Karis tirsdag']);
  });

  it('a malformed user gets a Norwegian 400 in every format; another school’s admin naming school A is refused', async () => {
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const res = await c.adminA.get<{ message: string }>(`/api/reports/export.${format}?${RANGE}&userId=ikke-en-id`);
      expect(res.status, format).toBe(400);
      expect(res.body.message, format).toBe(BAD_ID);
      expect(
        (await c.adminB.get(`/api/reports/export.${format}?${RANGE}&userId=${fx.a.supervisor.id}&schoolId=${fx.a.id}`)).status,
        format,
      ).toBe(403);
    }
  });
});
