import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { addDays } from '#protocol/time';
import { makeUser, type Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { cellTexts, convertWithLibreOffice, openInLibreOffice } from '../../../test/libreOffice';
import { pdfPages, poppler } from '../../../test/poppler';
import { TestClock } from '../../../test/testClock';
import { ReportModel } from '../reports/model';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;

/** A school with three supervisors, each writing every night of 2026: 1,095 reports. */
const DAYS = 365;
const YEAR = 'from=2026-01-01&to=2026-12-31';

clock.setOslo('2027-01-10', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  const authors = [fx.a.supervisor, await makeUser(fx.a.id, 'Tilsynsvakt'), await makeUser(fx.a.id, 'Tilsynsvakt')];
  await ReportModel.of(fx.a.id).insertMany(
    Array.from({ length: DAYS * authors.length }, (_, i) => {
      const author = authors[i % authors.length]!;
      const date = addDays('2026-01-01', Math.floor(i / authors.length));
      return {
        schoolId: fx.a.id,
        authorUserId: author.id,
        authorName: author.name,
        date,
        content: `Rapport ${date} av ${author.name}. ${'Rolig kveld på internatet, alle i seng til rett tid. '.repeat(6)}`,
        taskTicks: [
          { id: `${i}-a`, taskId: '1', at: new Date(`${date}T20:00:00Z`) },
          { id: `${i}-b`, taskId: '1', at: new Date(`${date}T22:05:00Z`) },
        ],
      };
    }),
  );
}, 180_000);
async function download(format: 'csv' | 'xlsx' | 'pdf'): Promise<Buffer> {
  const res = await downloadExport(c.adminA, `/api/reports/export.${format}?${YEAR}`);
  expect(res.status).toBe(200);
  return res.bytes;
}
describe('a whole year exported, as the yearly page asks for it', () => {
  it('Excel: LibreOffice opens it with every report of the year, the first day first', async () => {
    const rows = cellTexts(openInLibreOffice('år.xlsx', await download('xlsx')));
    expect(rows).toHaveLength(DAYS * 3 + 1);
    expect(rows[0]![0]).toBe('Dato');
    expect(rows[1]![5]).toMatch(/^Rapport 2026-01-01 av /);
    expect(rows.at(-1)![5]).toMatch(/^Rapport 2026-12-31 av /);
    expect(rows[1]![2]).toBe('Dobbelttellene elever kl. 21:00, 23:05');
  }, 300_000);
  it('CSV: LibreOffice opens it with every report of the year', async () => {
    const rows = cellTexts(openInLibreOffice('år.csv', await download('csv'), { csv: true }));
    expect(rows).toHaveLength(DAYS * 3 + 1);
    // LibreOffice reads the Norwegian dates as dates (it shows them its own way): the text says which day.
    expect(rows[1]![5]).toMatch(/^Rapport 2026-01-01 av /);
    expect(rows.at(-1)![5]).toMatch(/^Rapport 2026-12-31 av /);
  }, 300_000);
  it('PDF: opens on the reports, the header block above them, and ends on the last day; LibreOffice opens it', async () => {
    const bytes = await download('pdf');
    const pages = pdfPages(bytes);
    const first = pages[0]!;
    expect(first).toContain('Antall rapporter');
    expect(first).toContain(String(DAYS * 3));
    expect(first).toContain('1. januar 2026 – 31. desember 2026');
    expect(first).toContain('1. januar 2026 · ');
    expect(first).toMatch(/Rapport 2026-01-01 av /);
    expect(first).toContain('Dobbelttellene elever kl. 21:00, 23:05');
    expect(pages.at(-1)).toMatch(/Rapport 2026-12-31 av /);
    expect(poppler('pdfinfo', bytes)).toMatch(new RegExp(`Pages:\\s+${pages.length}\\n`));
    // LibreOffice reads the PDF and prints it again: a file it could not open gives no output.
    const printedAgain = convertWithLibreOffice('år.pdf', bytes, 'pdf');
    expect(pdfPages(printedAgain)[0]).toMatch(/Rapport 2026-01-01 av /);
  }, 600_000);
});
