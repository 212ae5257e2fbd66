import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RANGE_TEXTS } from '#protocol/reportRanges';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { parseCsv } from '../../../test/exportFiles';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { startSeededServer } from '../../../test/seededServer';
import { Types } from 'mongoose';
import { MaintenanceTaskModel } from '../maintenance/model';
import { ReportModel } from '../reports/model';
import { csvCell } from './csv';
import { attachment } from './fileName';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

const TRICKY = 'Rolig kveld; «Æsa» sa "god natt".\nØyvind og Åse på rommet.';
const FORMULA = '=HYPERLINK("http://angriper.example","klikk")';

beforeAll(async () => {
  clock.setOslo('2026-03-20', 12, 0);
  ({ server, fx, c } = await startSeededServer({}, { clock }));
  const colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
  const report = (schoolId: string, author: { id: string; name: string }, date: string, content: string, ticks: string[] = []) => ({
    schoolId,
    authorUserId: author.id,
    authorName: author.name,
    date,
    content,
    awayStudents: ['Per Ødegård'],
    taskTicks: ticks.map((taskId) => ({ taskId, at: new Date() })),
  });
  await ReportModel.of(fx.a.id).create([
    report(fx.a.id, fx.a.supervisor, '2026-03-09', TRICKY, ['1', '3']),
    report(fx.a.id, colleague, '2026-03-09', FORMULA),
    report(fx.a.id, fx.a.supervisor, '2026-03-15', '+4799999999'),
    report(fx.a.id, fx.a.supervisor, '2026-03-16', 'Utenfor perioden'),
    report(fx.a.id, fx.a.supervisor, '2026-03-08', 'Før perioden'),
  ]);
  await ReportModel.of(fx.b.id).create(report(fx.b.id, fx.b.supervisor, '2026-03-10', 'Skole B sin rapport'));
});
afterAll(async () => server?.close());

const RANGE = 'from=2026-03-09&to=2026-03-15';

async function download(path: string, client = c.adminA): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(server.baseUrl + path, { headers: { cookie: `tilsynsvakt.sid=${client.cookie}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('exports', () => {
  it('only Admin and Plattformadministrator, each for their own school', async () => {
    for (const format of ['xlsx', 'pdf', 'csv']) {
      await expectAccess(c, (x) => x.get(`/api/reports/export.${format}?${RANGE}`), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    }
    // Another school's admin who names school A is refused, not served their own school instead.
    for (const format of ['xlsx', 'pdf', 'csv']) {
      expect((await c.adminB.get(`/api/reports/export.${format}?${RANGE}&schoolId=${fx.a.id}`)).status).toBe(403);
      expect((await c.supervisorA.get(`/api/reports/export.${format}?${RANGE}&schoolId=${fx.a.id}`)).status).toBe(403);
    }
    expect((await c.adminB.get(`/api/admin/reports/week?start=2026-03-09&end=2026-03-15&schoolId=${fx.a.id}`)).status).toBe(403);
    const platform = await download(`/api/reports/export.csv?${RANGE}&schoolId=${fx.b.id}`, c.platform);
    expect(platform.status).toBe(200);
    expect(platform.bytes.toString('utf8')).toContain('Skole B sin rapport');
    expect(platform.bytes.toString('utf8')).not.toContain('Rolig kveld');
  });

  it('CSV: UTF-8 with BOM, ; between cells, quoted right, formulas kept as text, exactly the range and school', async () => {
    const res = await download(`/api/reports/export.csv?${RANGE}`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(attachment('Rapporter Skole A 2026-03-09 til 2026-03-15.csv'));
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual(['Dato', 'Forfatter', 'Fullførte oppgaver', 'Bortreiste elever', 'Låst', 'Rapport']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['9. mars 2026', 'Bruker 1'],
      ['9. mars 2026', 'Kari A'],
      ['15. mars 2026', 'Kari A'],
    ]);
    const kari = rows.find((r) => r[5] === TRICKY)!;
    expect(kari).toEqual(['9. mars 2026', 'Kari A', 'Dobbelttellene elever, Tilsynsrunde internat', 'Per Ødegård', 'Ja', TRICKY]);
    expect(rows.find((r) => r[1] === 'Bruker 1')![5]).toBe(`'${FORMULA}`);
    expect(rows.find((r) => r[0] === '15. mars 2026')![5]).toBe("'+4799999999");
    expect(res.bytes.toString('utf8')).not.toContain('Skole B');
  });

  it('a cell that looks like a formula is never one, whatever it starts with', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    // Blanks or line breaks before the sign, and the sign in its full-width or small form (OWASP).
    for (const start of [' =', '  +', '\n=', '\r\n-', '\u00a0@', '\u3000=', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\ufe66', ' \uff1d']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    for (const plain of ['1+1', 'Rolig kveld', 'Ola = Kari', 'e-post: x@y.no']) expect(csvCell(plain)).toBe(`"${plain}"`);
    expect(csvCell('Helt vanlig; med "sitat"')).toBe('"Helt vanlig; med ""sitat"""');
  });

  it('Excel: a bold frozen header, widths that fit, wrapped text; formula-looking text stays text', async () => {
    const res = await download(`/api/reports/export.xlsx?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Dato', 'Forfatter', 'Fullførte oppgaver', 'Bortreiste elever', 'Låst', 'Rapport']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(6).width).toBeGreaterThanOrEqual(60);
    const texts = [2, 3, 4].map((i) => sheet.getRow(i).getCell(6));
    expect(texts.map((cell) => cell.value)).toEqual([FORMULA, TRICKY, '+4799999999']);
    for (const cell of texts) expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(texts[1]!.alignment?.wrapText).toBe(true);
  });

  it('PDF: the school and the period at the top, each report, page numbers, Norwegian letters', async () => {
    const res = await download(`/api/reports/export.pdf?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await new PDFParse({ data: new Uint8Array(res.bytes) }).getText();
    expect(text).toContain('Rapporter – Skole A');
    expect(text).toContain('9. mars 2026 – 15. mars 2026');
    expect(text).toContain('9. mars 2026 · Kari A · Låst');
    expect(text).toContain('Øyvind og Åse på rommet.');
    expect(text).toContain('Per Ødegård');
    expect(text).toContain('Side 1 av 1');
    expect(text).not.toContain('Utenfor perioden');
    expect(text).not.toContain('Skole B');
  });

  it('bad ranges get a clear Norwegian 400', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-03-15&to=2026-03-09', `Feltet «til-dato»: ${REPORT_RANGE_TEXTS.order}`],
      ['from=2025-01-01&to=2026-03-09', `Feltet «til-dato»: ${REPORT_RANGE_TEXTS.tooLong}`],
      ['from=2026-02-30&to=2026-03-09', 'Feltet «fra-dato»'],
      ['from[$gt]=&to=2026-03-09', 'Feltet «fra-dato»'],
      ['to=2026-03-09', 'Feltet «fra-dato»'],
    ];
    for (const [query, message] of cases) {
      const res = await c.adminA.get<{ message: string }>(`/api/reports/export.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(message);
    }
  });

  it('names the file after the school and the period, readable everywhere', () => {
    expect(attachment('Rapporter Ås vgs 2026-03-09 til 2026-03-15.pdf')).toBe(
      `attachment; filename="Rapporter As vgs 2026-03-09 til 2026-03-15.pdf"; filename*=UTF-8''Rapporter%20%C3%85s%20vgs%202026-03-09%20til%202026-03-15.pdf`,
    );
    expect(attachment('Skole "A"/B\r\n.csv')).toBe(`attachment; filename="Skole A B .csv"; filename*=UTF-8''Skole%20A%20B%20.csv`);
  });
});

type Report = { id: string; date: string; authorName: string; schoolId: string };

describe('the week and the year', () => {
  it('GET /api/admin/reports/week and /year: Admin and Plattformadministrator, the range of the own school', async () => {
    await expectAccess(c, (x) => x.get('/api/admin/reports/week?start=2026-03-09&end=2026-03-15'), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    await expectAccess(c, (x) => x.get(`/api/admin/reports/year?${RANGE}`), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    const week = await c.adminA.get<Report[]>('/api/admin/reports/week?start=2026-03-09&end=2026-03-15');
    expect(week.body.map((r) => [r.date, r.authorName])).toEqual([
      ['2026-03-09', 'Bruker 1'],
      ['2026-03-09', 'Kari A'],
      ['2026-03-15', 'Kari A'],
    ]);
    const other = await c.platform.get<Report[]>(`/api/admin/reports/year?${RANGE}&schoolId=${fx.b.id}`);
    expect(other.body.map((r) => r.schoolId)).toEqual([fx.b.id]);
    const bad = await c.adminA.get<{ message: string }>('/api/admin/reports/week?start=2026-03-15&end=2026-03-09');
    expect(bad.body.message).toBe(`Feltet «til-dato»: ${REPORT_RANGE_TEXTS.order}`);
    expect((await c.adminA.get('/api/admin/reports/year?from=2026-03-09')).status).toBe(400);
  });

  it('weeks across the turn of the year: 2026 week 53 ends in 2027, 2026 week 1 starts in 2025', async () => {
    await ReportModel.of(fx.a.id).create([
      { schoolId: fx.a.id, authorUserId: fx.a.supervisor.id, authorName: 'Kari A', date: '2025-12-29', content: 'Uke 1', taskTicks: [{ taskId: '1', at: new Date() }] },
      { schoolId: fx.a.id, authorUserId: fx.a.supervisor.id, authorName: 'Kari A', date: '2027-01-03', content: 'Uke 53' },
    ]);
    const week53 = await c.adminA.get<Report[]>('/api/admin/reports/year?from=2026-12-28&to=2027-01-03');
    expect(week53.body.map((r) => r.date)).toEqual(['2027-01-03']);
    const summary = await c.adminA.get<{ weeks: Array<{ week: number; from: string; to: string; reports: number; roundsShare: number }> }>(
      '/api/admin/reports/year-summary?year=2026',
    );
    expect(summary.status).toBe(200);
    expect(summary.body.weeks).toHaveLength(53);
    expect(summary.body.weeks[0]).toMatchObject({ week: 1, from: '2025-12-29', to: '2026-01-04', reports: 1 });
    expect(summary.body.weeks[0]!.roundsShare).toBeCloseTo(1 / 6);
    expect(summary.body.weeks[52]).toMatchObject({ week: 53, from: '2026-12-28', to: '2027-01-03', reports: 1 });
  });

  it('the year at a glance counts reports, rounds, sick and away students and cases by ISO week', async () => {
    await expectAccess(c, (x) => x.get('/api/admin/reports/year-summary?year=2026'), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    await c.adminA.post('/api/sick/add', { date: '2026-03-10', name: 'Ola' });
    await c.adminA.post('/api/sick/add', { date: '2026-03-11', name: 'Ola' });
    await c.adminA.post('/api/sick/add', { date: '2026-03-11', name: 'Kari' });
    await c.adminA.post('/api/away/add', { fromDate: '2026-03-14', toDate: '2026-03-17', studentNames: ['Per', 'Pål'] });
    // Cases count by when they were sent, in Oslo: 22:30 UTC on Sunday 15 March is Monday in Oslo (week 12).
    const kase = { schoolId: new Types.ObjectId(fx.a.id), roomNumber: '12', description: 'Lekker kran', status: 'pending', createdByName: 'Kari A' };
    await MaintenanceTaskModel.of(fx.a.id).collection.insertMany([
      { ...kase, createdAt: new Date('2026-03-12T19:00:00Z') },
      { ...kase, createdAt: new Date('2026-03-15T23:30:00Z') },
    ]);
    const res = await c.adminA.get<{ weeks: Array<Record<string, number>>; authors: Array<{ name: string }> }>('/api/admin/reports/year-summary?year=2026');
    const week11 = res.body.weeks[10]!;
    // Week 11: 9–15 March. Two days with reports: 9 March (tasks 1 and 3 of 6) and 15 March (none).
    expect(week11).toMatchObject({ week: 11, from: '2026-03-09', to: '2026-03-15', reports: 3, sick: 2, away: 2, cases: 1 });
    expect(week11.roundsShare).toBeCloseTo((2 / 6 + 0) / 2);
    expect(res.body.weeks[11]).toMatchObject({ week: 12, reports: 1, away: 2, sick: 0, cases: 1 });
    expect(res.body.authors.map((a) => a.name)).toEqual(['Bruker 1', 'Kari A']);
    for (const bad of ['year=2024', 'year=abc', 'year=2026.5', '']) {
      expect((await c.adminA.get(`/api/admin/reports/year-summary?${bad}`)).status, bad).toBe(400);
    }
  });
});
