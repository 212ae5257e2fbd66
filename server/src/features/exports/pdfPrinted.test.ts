import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { pdfPages, poppler } from '../../../test/poppler';
import { TestClock } from '../../../test/testClock';
import { ReportModel } from '../reports/model';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;

/** What supervisors type on phones: emoji, a flag, a joined family, symbols Roboto lacks. */
const PHONE_TEXT = 'Rolig kveld 😊👍 17. mai-feiring 🇳🇴 med 👨‍👩‍👧 på besøk. Runde ✓ ★ → ferdig.';
const LONG = 'Øyvind og Åse var ute på tur, alle var tilbake i god tid før kl. 22. '.repeat(12);

clock.setOslo('2026-04-01', 12, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  await ReportModel.of(fx.a.id).create(
    Array.from({ length: 60 }, (_, i) => ({
      schoolId: fx.a.id,
      authorUserId: fx.a.supervisor.id,
      authorName: fx.a.supervisor.name,
      date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      content: i === 0 ? PHONE_TEXT : `Rapport nr. ${i}. ${LONG}`,
    })).filter((report, i, all) => all.findIndex((other) => other.date === report.date) === i),
  );
});

async function pdf(query: string): Promise<Buffer> {
  const res = await downloadExport(c.adminA, `/api/reports/export.pdf?${query}`);
  expect(res.status).toBe(200);
  return res.bytes;
}

describe('the PDF as poppler reads it', () => {
  it('emoji and symbols print from the fallback fonts and read back as typed', async () => {
    const bytes = await pdf('from=2026-03-01&to=2026-03-31');
    const text = poppler('pdftotext', bytes);
    expect(text).toContain('Rolig kveld 😊👍 17. mai-feiring 🇳🇴 med 👨‍👩‍👧 på besøk. Runde ✓ ★ → ferdig.');
    // Roboto for the text, the fallbacks for what it lacks: each embedded, with a map back to Unicode.
    const fonts = poppler('pdffonts', bytes).split('\n').slice(2).filter(Boolean);
    expect(fonts.map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DejaVuSans',
      'NotoEmoji-Regular',
      'NotoSansSymbols2-Regular',
      'Roboto-Medium',
      'Roboto-Regular',
    ]);
    for (const line of fonts) expect(line).toMatch(/ yes yes yes +\d+ +\d+$/);
  }, 120_000);

  it('every page, the last included, names the school and the period, and counts its pages', async () => {
    const pages = pdfPages(await pdf('from=2026-03-01&to=2026-03-31'));
    expect(pages.length).toBeGreaterThan(3);
    for (const [i, page] of pages.entries()) {
      expect(page, `side ${i + 1}`).toContain('Skole A');
      expect(page, `side ${i + 1}`).toContain('1. mars 2026 – 31. mars 2026');
      expect(page, `side ${i + 1}`).toContain(`Side ${i + 1} av ${pages.length}`);
    }
    const [first] = pdfPages(await pdf('from=2026-03-01&to=2026-03-31'), { layout: true });
    // The header block beside the counts, and the reports on the same first page.
    expect(first).toMatch(/Skole\s+Skole A\s+Antall rapporter\s+28\n/);
    expect(first).toMatch(/Periode\s+1\. mars 2026 – 31\. mars 2026\s+Dager med rapport\s+28\n/);
    expect(first).toMatch(/Laget\s+1\. april 2026 kl\. 12:00\s+Forfattere\s+1\n/);
    expect(first).toMatch(/Laget av\s+Admin A\n/);
    expect(first).toContain('1. mars 2026 · Kari A');
    expect(first).toContain('Rolig kveld');
    // The last report, 28 March, is printed to its end.
    expect(pages.join('\n')).toContain('28. mars 2026 · Kari A');
    expect(pages.join('\n')).toContain('Rapport nr. 27.');
    expect(pages.at(-1)!.trimEnd()).toMatch(/før kl\. 22\.\s+Side \d+ av \d+$/);
    const week = await pdf('from=2026-03-01&to=2026-03-07');
    // Its language for a screen reader, and its title shown instead of the file name.
    expect(week.toString('latin1')).toContain('/Lang (nb)');
    expect(week.toString('latin1')).toContain('/DisplayDocTitle true');
    const info = poppler('pdfinfo', week);
    expect(info).toMatch(/Title:\s+Rapporter – Skole A – 1\. mars 2026 – 7\. mars 2026/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  }, 120_000);

  it('limited to one author, it says so on every page', async () => {
    const pages = pdfPages(await pdf(`from=2026-03-01&to=2026-03-07&userId=${fx.a.supervisor.id}`), { layout: true });
    expect(pages[0]).toMatch(new RegExp(`Bruker\\s+${fx.a.supervisor.name}\\s`));
    for (const page of pages) expect(page).toContain(`1. mars 2026 – 7. mars 2026 · ${fx.a.supervisor.name}`);
  }, 120_000);
});
