import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RollCall } from '#protocol/rollCalls';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import type { Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { useSeededServer } from '../../../test/useTestServer';

/** A finished roll call is part of the day's record (issue 47): kept as it was found, and in the Excel and PDF exports. */
const clock = new TestClock();
clock.setOslo('2026-11-25', 22, 0);
const DAY = '2026-11-25';
let fx: Fixture;
let c: Callers;
let roll: RollCall;
useSeededServer((s) => ({ fx, c } = s), {}, { clock });

beforeAll(async () => {
  const add = async (firstName: string) =>
    (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName, lastName: 'Berg', house: 'Furu', room: '3' }))
      .body;
  const [ane, bo, cato] = [await add('Ane'), await add('Bo'), await add('Cato')];
  roll = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Furu' })).body;
  await c.supervisorA.put(`/api/roll-calls/${roll.id}/marks/${ane.id}`, { state: 'present' });
  await c.supervisorA.put(`/api/roll-calls/${roll.id}/marks/${bo.id}`, { state: 'missing' });
  clock.setOslo(DAY, 22, 12);
  roll = (await c.supervisorA.post<RollCall>(`/api/roll-calls/${roll.id}/finish`, { note: 'Bo hos venn, foresatte ringt' })).body;
  // Cato left the school afterwards: the record keeps what the roll found.
  await c.adminA.post(`/api/admin/register/students/${cato.id}/leave`, { leftAt: DAY });
});

const RANGE = `from=${DAY}&to=${DAY}`;

describe("a finished roll call in the day's record", () => {
  it('keeps what it found: counts, who was not found and who was not counted, by name', async () => {
    const [stored] = (await c.adminA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body;
    expect(stored?.result).toEqual({ expected: 3, present: 1, missing: 1, unmarked: 1, notFound: ['Bo Berg'], uncounted: ['Cato Berg'] });
    expect(stored).toMatchObject({ note: 'Bo hos venn, foresatte ringt', finishedByName: 'Kari A' });
  });

  it('is a sheet of its own in the Excel export', async () => {
    const res = await downloadExport(c.adminA, `/api/reports/export.xlsx?${RANGE}`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Opptellinger')!;
    const text = (row: number) =>
      (sheet.getRow(row).values as unknown[]).slice(2).map((v) => (v as { richText?: { text: string }[] })?.richText?.[0]?.text ?? v);
    expect(text(1)).toEqual(['Internat', 'Tid', 'Avsluttet av', 'Resultat', 'Ikke funnet', 'Ikke telt', 'Notat']);
    expect(text(2)).toEqual([
      'Furu',
      '22:00–22:12',
      'Kari A',
      '1 av 3 telt, 1 ikke funnet, 1 ikke telt',
      'Bo Berg',
      'Cato Berg',
      'Bo hos venn, foresatte ringt',
    ]);
    expect(sheet.getCell('A2').value).toEqual(new Date(`${DAY}T00:00:00Z`));
  });

  it('follows the reports in the PDF export; an export of one author has none', async () => {
    const res = await downloadExport(c.adminA, `/api/reports/export.pdf?${RANGE}`);
    const { text } = await new PDFParse({ data: new Uint8Array(res.bytes) }).getText();
    expect(text).toContain('Opptellinger');
    expect(text).toContain('Furu · kl. 22:00–22:12 · Kari A');
    expect(text).toContain('Ikke funnet: Bo Berg');
    expect(text).toContain('Notat: Bo hos venn, foresatte ringt');
    const mine = await downloadExport(c.adminA, `/api/reports/export.pdf?${RANGE}&userId=${fx.a.supervisor.id}`);
    expect((await new PDFParse({ data: new Uint8Array(mine.bytes) }).getText()).text).not.toContain('Opptellinger');
  });
});
