import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { cellTexts, openInLibreOffice } from '../../../test/libreOffice';
import { TestClock } from '../../../test/testClock';
import { ReportModel } from '../reports/model';

/** Texts a supervisor could type that a spreadsheet might run (OWASP 'CSV injection', issue 28). */
const HOSTILE = [
  '=1+1',
  '=HYPERLINK("http://angriper.example","klikk")',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  ' =1+1',
  '\n=1+1',
  '\t=1+1',
  '\r=1+1',
  '\uff1d1+1',
  '\u3000=1+1',
  "=cmd|' /C calc'!A0",
];

/** Ordinary texts that start with a sign: no spreadsheet runs them, so they get no apostrophe. */
const ORDINARY = ['+47 915 55 123 ringte', '-2 elever manglet', '-2 elever manglet på rom 12.\nOla ringte kl. 21.30'];

const clock = new TestClock();
let fx: Fixture;
let c: Callers;
const RANGE = 'from=2026-03-01&to=2026-03-31';

clock.setOslo('2026-04-01', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  await ReportModel.of(fx.a.id).create(
    [...HOSTILE, ...ORDINARY].map((content, i) => ({
      schoolId: fx.a.id,
      authorUserId: fx.a.supervisor.id,
      authorName: fx.a.supervisor.name,
      date: `2026-03-${String(i + 1).padStart(2, '0')}`,
      content,
    })),
  );
});

async function download(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const res = await downloadExport(c.adminA, `/api/reports/export.${format}?${RANGE}`);
  expect(res.status).toBe(200);
  return res.bytes;
}

const formulas = (fods: string) => [...fods.matchAll(/table:formula="([^"]*)"/g)].map(([, formula]) => formula);

describe('the exports opened in LibreOffice Calc', () => {
  it('this way of opening a CSV runs a formula it is given (so the checks below can see one)', () => {
    const fods = openInLibreOffice('kontroll.csv', Buffer.from('\uFEFF"Rapport"\r\n"=1+1"\r\n'), { csv: true });
    expect(formulas(fods)).toEqual(['of:=1+1']);
  });

  it('CSV: no cell is a formula; each hostile text is there as text', async () => {
    const fods = openInLibreOffice('rapporter.csv', await download('csv'), { csv: true });
    expect(formulas(fods)).toEqual([]);
    const rows = cellTexts(fods);
    expect(rows[0]![5]).toBe('Rapport');
    expect(rows).toHaveLength(HOSTILE.length + ORDINARY.length + 1);
    // The guard's apostrophe, then the text (LibreOffice shows a line break, a tab or a CR in a cell its own way).
    for (const [i, text] of HOSTILE.entries()) expect(rows[i + 1]![5]!.startsWith("'"), JSON.stringify(text)).toBe(true);
    expect(rows.map((row) => row[5])).toContain(`'=HYPERLINK("http://angriper.example","klikk")`);
    expect(rows.map((row) => row[5])).toContain("'=cmd|' /C calc'!A0");
    expect(rows.slice(HOSTILE.length + 1).map((row) => row[5])).toEqual(ORDINARY);
  }, 180_000);

  it('CSV: ordinary text that starts with + or - opens as typed, as text', async () => {
    const raw = Buffer.from(`\uFEFF"Rapport"\r\n${ORDINARY.map((text) => `"${text}"`).join('\r\n')}\r\n`);
    const fods = openInLibreOffice('vanlig.csv', raw, { csv: true });
    expect(formulas(fods)).toEqual([]);
    expect(
      cellTexts(fods)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(ORDINARY);
  }, 180_000);

  it('Excel: no cell is a formula; each text is there as typed', async () => {
    const fods = openInLibreOffice('rapporter.xlsx', await download('xlsx'));
    expect(formulas(fods)).toEqual([]);
    const rows = cellTexts(fods);
    expect(rows).toHaveLength(HOSTILE.length + ORDINARY.length + 1);
    expect(rows.map((row) => row[5])).toContain('=HYPERLINK("http://angriper.example","klikk")');
    expect(rows.map((row) => row[5])).toContain('\uff1d1+1');
  }, 180_000);
});
