import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { REPORT_RANGE_TEXTS } from '#protocol/reportRanges';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { parseCsv, downloadExport } from '../../../test/exportFiles';
import { TestClock } from '../../../test/testClock';
import { Types } from 'mongoose';
import { MaintenanceTaskModel } from '../maintenance/model';
import { ReportModel } from '../reports/model';
import { csvCell } from './csv';
import { attachment } from './fileName';
import { DATE_FORMAT, rowHeight, sheetName, wrappedLines } from './xlsx';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let colleague: { id: string; name: string };

const TRICKY = 'Rolig kveld; «Æsa» sa "god natt".\nØyvind og Åse på rommet.';
const FORMULA = '=HYPERLINK("http://angriper.example","klikk")';

clock.setOslo('2026-03-20', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
  const report = (schoolId: string, author: { id: string; name: string }, date: string, content: string, ticks: string[] = []) => ({
    schoolId,
    authorUserId: author.id,
    authorName: author.name,
    date,
    content,
    awayStudents: ['Per Ødegård'],
    // Round 1 done twice in the evening, every other round once (21:14 and 23:30 Oslo).
    taskTicks: ticks.flatMap((taskId) =>
      (taskId === '1' ? [EVENING, LATER] : [EVENING]).map((at) => ({ id: `${date}-${taskId}${at}`, taskId, at: new Date(`${date}${at}`) })),
    ),
  });
  await ReportModel.of(fx.a.id).create([
    report(fx.a.id, fx.a.supervisor, '2026-03-09', TRICKY, ['1', '3']),
    report(fx.a.id, colleague, '2026-03-09', FORMULA),
    report(fx.a.id, fx.a.supervisor, '2026-03-15', '+47 915 55 123 ringte'),
    report(fx.a.id, fx.a.supervisor, '2026-03-16', 'Utenfor perioden'),
    report(fx.a.id, fx.a.supervisor, '2026-03-08', 'Før perioden'),
  ]);
  await ReportModel.of(fx.b.id).create(report(fx.b.id, fx.b.supervisor, '2026-03-10', 'Skole B sin rapport'));
});

const RANGE = 'from=2026-03-09&to=2026-03-15';
const EVENING = 'T20:14:00Z';
const LATER = 'T22:30:00Z';

const download = (path: string, client = c.adminA) => downloadExport(client, path);

describe('exports', () => {
  it('only Admin and Plattformadministrator, each for their own school', async () => {
    for (const format of ['xlsx', 'pdf', 'csv']) {
      await expectAccess(
        c,
        (x) => x.get(`/api/reports/export.${format}?${RANGE}`),
        refusedExcept({ adminA: 200, adminB: 200, platform: 400 }),
      );
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
    expect(rows[0]).toEqual(['Dato', 'Forfatter', 'Utførte gjøremål', 'Bortreiste elever', 'Låst', 'Rapport', 'Endret av']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['9. mars 2026', 'Bruker 1'],
      ['9. mars 2026', 'Kari A'],
      ['15. mars 2026', 'Kari A'],
    ]);
    const kari = rows.find((r) => r[5] === TRICKY)!;
    expect(kari).toEqual([
      '9. mars 2026',
      'Kari A',
      'Dobbelttellene elever kl. 21:14, 23:30; Tilsynsrunde internat kl. 21:14',
      'Per Ødegård',
      'Ja',
      TRICKY,
      '',
    ]);
    expect(rows.find((r) => r[1] === 'Bruker 1')![5]).toBe(`'${FORMULA}`);
    expect(rows.find((r) => r[0] === '15. mars 2026')![5]).toBe('+47 915 55 123 ringte');
    expect(res.bytes.toString('utf8')).not.toContain('Skole B');
  });

  it('a cell a spreadsheet would run as a formula is never one, whatever it starts with', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    // Blanks or line breaks before the sign, and the sign in its full-width or small form (OWASP).
    for (const start of [' =', '  +', '\n=', '\r\n-', '\u00a0@', '\u3000=', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\ufe66', ' \uff1d']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    // '+' or '-' before anything a formula could be made of: a call, a reference, DDE, a string, a bullet.
    for (const text of [
      '+SUM(A1:A2)',
      '-A1',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '-2 elever (Ola)',
      '+"tekst"',
      '- Ola var syk',
      '-$A$1',
      '+47 915 55 123 ringte=1',
    ]) {
      expect(csvCell(text), text).toBe(`"'${text.replaceAll('"', '""')}"`);
    }
  });

  it('ordinary text that starts with + or - is left as typed', () => {
    for (const plain of [
      '1+1',
      'Rolig kveld',
      'Ola = Kari',
      'e-post: x@y.no',
      '+47 915 55 123 ringte',
      '-2 elever manglet',
      '-2 elever manglet.\nOla ringte kl. 21.30',
      '+47',
      '-2',
    ]) {
      expect(csvCell(plain), plain).toBe(`"${plain}"`);
    }
    expect(csvCell('Helt vanlig; med "sitat"')).toBe('"Helt vanlig; med ""sitat"""');
  });

  it('Excel: a bold frozen header with a filter, real dates shown in Norwegian, wrapped text in rows tall enough; formula-looking text stays text', async () => {
    const res = await download(`/api/reports/export.xlsx?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(workbook.title).toBe('Rapporter – Skole A – 9. mars 2026 – 15. mars 2026');
    expect(workbook.creator).toBe('Tilsynsvakt');
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('09.03.2026–15.03.2026');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Dato',
      'Forfatter',
      'Utførte gjøremål',
      'Bortreiste elever',
      'Låst',
      'Rapport',
      'Endret av',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:G4');
    expect(sheet.getColumn(6).width).toBeGreaterThanOrEqual(60);
    const dates = [2, 3, 4].map((i) => sheet.getRow(i).getCell(1));
    for (const cell of dates) {
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toBe(DATE_FORMAT);
    }
    expect(dates.map((cell) => cell.value)).toEqual([
      new Date(Date.UTC(2026, 2, 9)),
      new Date(Date.UTC(2026, 2, 9)),
      new Date(Date.UTC(2026, 2, 15)),
    ]);
    const texts = [2, 3, 4].map((i) => sheet.getRow(i).getCell(6));
    expect(texts.map((cell) => cell.text)).toEqual([FORMULA, TRICKY, '+47 915 55 123 ringte']);
    for (const cell of texts) expect(cell.type).toBe(ExcelJS.ValueType.RichText);
    expect(texts[1]!.alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    // TRICKY's row is as tall as its rounds with their times (three wrapped lines in their column);
    // every row's height is set (customHeight), none left to the reader.
    expect([1, 2, 3, 4].map((i) => sheet.getRow(i).height)).toEqual([18, 18, 48, 18]);
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    });
    expect(sheet.headerFooter.oddHeader).toBe('&L&BSkole A&B&R9. mars 2026 – 15. mars 2026');
    expect(sheet.headerFooter.oddFooter).toBe('&LLaget 20. mars 2026 kl. 12:00 av Admin A&RSide &P av &N');
  });

  it('Excel: an export of one author names them in the print header', async () => {
    const res = await download(`/api/reports/export.xlsx?${RANGE}&userId=${colleague.id}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.headerFooter.oddHeader).toBe(`&L&BSkole A&B&CForfatter: ${colleague.name}&R9. mars 2026 – 15. mars 2026`);
    expect(sheet.rowCount).toBe(2);
  });

  it("Excel: a row is as tall as its longest wrapped cell, at most 409 pt; the sheet name keeps to Excel's rules", () => {
    expect(wrappedLines('', 20)).toBe(1);
    expect(wrappedLines('én\nto\r\ntre', 20)).toBe(3);
    expect(wrappedLines('ord '.repeat(30), 20)).toBeGreaterThanOrEqual(Math.ceil(120 / 18));
    expect(wrappedLines('x'.repeat(100), 11.5)).toBe(10);
    expect(wrappedLines('😀'.repeat(10), 20)).toBeGreaterThan(wrappedLines('o'.repeat(10), 20));
    expect(
      rowHeight([
        { text: 'kort', width: 20 },
        { text: 'a\nb\nc', width: 20 },
      ]),
    ).toBe(48);
    expect(rowHeight([{ text: 'lang tekst '.repeat(2000), width: 95 }])).toBe(409);
    expect(sheetName('2026-03-09', '2026-03-09')).toBe('09.03.2026');
    expect(sheetName('2025-12-29', '2027-01-03')).toBe('29.12.2025–03.01.2027');
  });

  it('PDF: the first page opens on the reports under a header block of what it holds; the school and period on every page, round times, Norwegian letters', async () => {
    const res = await download(`/api/reports/export.pdf?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parsed = new PDFParse({ data: new Uint8Array(res.bytes) });
    const { pages, total } = await parsed.getText();
    const info = await parsed.getInfo();
    expect(info.info).toMatchObject({ Title: 'Rapporter – Skole A – 9. mars 2026 – 15. mars 2026', Creator: 'Tilsynsvakt' });
    // Three short reports: the header block and all of them on one page, no title page of its own.
    expect(total).toBe(1);
    const first = pages[0]!.text;
    for (const fact of [
      'Rapporter',
      'Skole Skole A',
      'Antall rapporter 3',
      'Dager med rapport 2',
      'Forfattere 2',
      'Laget 20. mars 2026 kl. 12:00',
      'Laget av Admin A',
      'Periode 9. mars 2026 – 15. mars 2026',
      'Side 1 av 1',
    ]) {
      expect(first).toContain(fact);
    }
    expect(first).toContain('9. mars 2026 · Kari A · Låst');
    expect(first).toContain('Øyvind og Åse på rommet.');
    expect(first).toContain('Per Ødegård');
    // Each round with the times it was done.
    expect(first).toContain('Dobbelttellene elever kl. 21:14, 23:30; Tilsynsrunde internat kl. 21:14');
    expect(first).not.toContain('Utenfor perioden');
    expect(first).not.toContain('Skole B');
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
    // A dash becomes '-', and what the fallback cannot show leaves no double space behind.
    expect(attachment('Rapporter Fjellheimen internatskole – Ålesund 2026.pdf')).toMatch(
      /^attachment; filename="Rapporter Fjellheimen internatskole - Alesund 2026.pdf";/,
    );
    expect(attachment('Rapporter Skole 😊 Øst.csv')).toMatch(/^attachment; filename="Rapporter Skole Ost.csv";/);
  });
});

type Report = { id: string; date: string; authorName: string; schoolId: string };

describe('the week and the year', () => {
  it('GET /api/admin/reports/week and /year: Admin and Plattformadministrator, the range of the own school', async () => {
    await expectAccess(
      c,
      (x) => x.get('/api/admin/reports/week?start=2026-03-09&end=2026-03-15'),
      refusedExcept({ adminA: 200, adminB: 200, platform: 400 }),
    );
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
      {
        schoolId: fx.a.id,
        authorUserId: fx.a.supervisor.id,
        authorName: 'Kari A',
        date: '2025-12-29',
        content: 'Uke 1',
        taskTicks: [{ id: 'uke-1', taskId: '1', at: new Date() }],
      },
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
    await expectAccess(
      c,
      (x) => x.get('/api/admin/reports/year-summary?year=2026'),
      refusedExcept({ adminA: 200, adminB: 200, platform: 400 }),
    );
    await c.adminA.post('/api/sick/add', { date: '2026-03-10', name: 'Ola' });
    await c.adminA.post('/api/sick/add', { date: '2026-03-11', name: 'Ola' });
    await c.adminA.post('/api/sick/add', { date: '2026-03-11', name: 'Kari' });
    await c.adminA.post('/api/away/add', { fromDate: '2026-03-14', toDate: '2026-03-17', studentNames: ['Per', 'Pål'] });
    // Cases count by when they were sent, in Oslo: 22:30 UTC on Sunday 15 March is Monday in Oslo (week 12).
    const kase = {
      schoolId: new Types.ObjectId(fx.a.id),
      roomNumber: '12',
      description: 'Lekker kran',
      status: 'pending',
      createdByName: 'Kari A',
    };
    await MaintenanceTaskModel.of(fx.a.id).collection.insertMany([
      { ...kase, createdAt: new Date('2026-03-12T19:00:00Z') },
      { ...kase, createdAt: new Date('2026-03-15T23:30:00Z') },
    ]);
    const res = await c.adminA.get<{ weeks: Array<Record<string, number>>; authors: Array<{ name: string }> }>(
      '/api/admin/reports/year-summary?year=2026',
    );
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
