import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { formatDayNo } from '#protocol/time';
import { makeUser, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { downloadExport } from '../../../test/exportFiles';
import { convertWithLibreOffice } from '../../../test/libreOffice';
import { pdfPages, poppler } from '../../../test/poppler';
import { TestClock } from '../../../test/testClock';
import { ReportModel } from '../reports/model';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;

const FROM = '2026-01-01';
const TO = '2026-12-31';

const SENTENCES = [
  'Rolig kveld på internatet, alle var på rommene sine før klokka elleve.',
  'Øyvind og Åse spilte sjakk i fellesrommet mens de andre gjorde lekser.',
  'Brannalarmen ble testet, og alle møtte på oppstillingsplassen på under tre minutter.',
  'En elev hadde vondt i magen; vi ringte foreldrene, og det gikk seg til.',
  'Kjøkkenet er ryddet og vasket, men oppvaskmaskinen lekker fortsatt litt.',
  'Tre elever kom sent tilbake fra byen og fikk en samtale om reglene.',
  'Været var fint, så mange gikk tur langs fjorden etter middag.',
  'Nattevakten så at døra til kjelleren sto åpen; den er nå låst.',
  'Æsa feiret bursdag med kake og «hemmelig» sang i stua.',
  'Vi gikk to runder i gangene; det var stille etter midnatt.',
];

/** Every sentence begins with the report's own marker, so each printed line tells whose it is. */
const marker = (i: number) => `R${String(i).padStart(3, '0')}`;
const sentences = (i: number, from: number, count: number) =>
  Array.from({ length: count }, (_, k) => `${marker(i)} ${SENTENCES[(from + k) % SENTENCES.length]}`).join(' ');

/** Long texts in paragraphs, short ones, line by line, some with emoji; all different. */
function reportText(i: number): string {
  if (i % 7 === 0) return [0, 1, 2].map((p) => sentences(i, i + p * 7, 7)).join('\n\n');
  if (i % 7 === 3) return [0, 1, 2].map((l) => sentences(i, i + l, 1)).join('\n');
  if (i % 11 === 5) return `${sentences(i, i, 2)} Kake 🎂 og sang 🎶 i stua 😀`;
  return sentences(i, i, 1 + (i % 3));
}

type Seeded = { marker: string; date: string; text: string };
const seeded: Seeded[] = [];

clock.setOslo('2027-01-05', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  const colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
  const docs = [];
  for (let i = 0, day = new Date(`${FROM}T00:00:00Z`); day <= new Date(`${TO}T00:00:00Z`); i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    const author = i % 2 ? colleague : fx.a.supervisor;
    const text = reportText(i);
    seeded.push({ marker: marker(i), date, text });
    docs.push({
      schoolId: fx.a.id,
      authorUserId: author.id,
      authorName: author.name,
      date,
      content: text,
      awayStudents: i % 4 ? [] : ['Per Ødegård', 'Åsmund Æsen'],
      taskTicks: ['1', '2', '3'].slice(0, i % 4).map((taskId) => ({ id: `${i}-${taskId}`, taskId, at: new Date() })),
    });
  }
  await ReportModel.of(fx.a.id).create(docs);
}, 120_000);
/** poppler's pdftotext -layout (pages split at form feeds) and pdfinfo's page sizes. */
function readPdf(pdf: Buffer): { pages: string[]; sizes: Array<{ width: number; height: number }> } {
  const info = poppler('pdfinfo', pdf, ['-f', '1', '-l', '100000']);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(([, w, h]) => ({
    width: Number(w),
    height: Number(h),
  }));
  return { pages: pdfPages(pdf, { layout: true }), sizes };
}
describe('a year of reports in Excel, printed from LibreOffice Calc', () => {
  it('every text whole on its own lines, the header row, the school and the page numbers on every landscape page', async () => {
    expect(seeded).toHaveLength(365);
    expect(seeded.filter((r) => r.text.length >= 1500).length).toBeGreaterThanOrEqual(50);
    const res = await downloadExport(c.adminA, `/api/reports/export.xlsx?from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    const { pages, sizes } = readPdf(convertWithLibreOffice('rapporter.xlsx', res.bytes, 'pdf'));
    expect(pages.length).toBeGreaterThan(10);
    expect(sizes).toHaveLength(pages.length);
    for (const size of sizes) expect(size.width).toBeGreaterThan(size.height);
    for (const [n, page] of pages.entries()) {
      expect(page, `side ${n + 1}`).toMatch(/Dato\s+Forfatter\s+Utførte gjøremål\s+Bortreiste elever\s+Låst\s+Rapport\s+Endret av/);
      expect(page, `side ${n + 1}`).toContain('Skole A');
      expect(page, `side ${n + 1}`).toContain('1. januar 2026 – 31. desember 2026');
      expect(page, `side ${n + 1}`).toContain(`Side ${n + 1} av ${pages.length}`);
    }
    // No printed line holds two reports' words: rows neither overlap nor spill into the next.
    const lines = pages.flatMap((page) => page.split('\n'));
    for (const line of lines) expect(new Set(line.match(/\bR\d{3}\b/g)).size, line).toBeLessThanOrEqual(1);
    const words = lines.flatMap((line) => line.split(/\s+/).filter(Boolean));
    const first = new Map<string, number>();
    for (const [at, word] of words.entries()) if (/^R\d{3}$/.test(word) && !first.has(word)) first.set(word, at);
    for (const [i, report] of seeded.entries()) {
      // Each word of the text in order, after its first marker and before the next report's: nothing cut or lost.
      const start = first.get(report.marker);
      expect(start, report.marker).toBeDefined();
      const end = i + 1 < seeded.length ? first.get(seeded[i + 1]!.marker)! : words.length;
      let at = start!;
      for (const word of report.text.split(/\s+/)) {
        while (at < end && words[at] !== word) at++;
        expect(at, `${report.marker}: «${word}»`).toBeLessThan(end);
        at++;
      }
      // The date cell, in Norwegian, on the text's first line.
      const firstLine = lines.find((line) => line.includes(report.marker))!;
      expect(firstLine, report.marker).toMatch(new RegExp(`^\\s*${formatDayNo(report.date).replaceAll('.', '\\.')}\\s`));
    }
    expect(lines.some((line) => /^\s*9\. mars 2026\s+\S/.test(line))).toBe(true);
  }, 300_000);
});
