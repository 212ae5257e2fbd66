import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { BODY_FONT, fontRuns } from './pdfFonts';
import type { ExportMeta, ExportRow } from './rows';

const MARGIN = 48;
const MUTED = '#4d5868';
/** A4's width in points. */
const A4_WIDTH = 595.28;

/** A text as pdfmake takes it: one string, or runs where a glyph needs a fallback font. */
const printable = (text: string): string | Content[] => {
  const runs = fontRuns(text);
  return runs.length === 1 && !runs[0]!.font ? text : runs;
};

const labelled = (label: string, value: string): Content => ({
  text: [{ text: `${label}: `, bold: true }, printable(value)].flat(),
  fontSize: 10,
});

type Facts = Array<[string, string]>;

/** What the export is (school, period, author, who made it and when), and what it holds (the counts). */
function exportFacts(meta: ExportMeta, rows: readonly ExportRow[]): { about: Facts; counts: Facts } {
  return {
    about: [
      ['Skole', meta.school],
      ['Periode', meta.period],
      ...(meta.author ? ([['Bruker', meta.author]] as Facts) : []),
      ['Laget', meta.madeAt],
      ['Laget av', meta.madeBy],
    ],
    counts: [
      ['Antall rapporter', String(rows.length)],
      ['Dager med rapport', String(new Set(rows.map((row) => row.day)).size)],
      ['Forfattere', String(new Set(rows.map((row) => row.authorId)).size)],
    ],
  };
}

const factTable = (facts: Facts): Content => ({
  table: { widths: ['auto', '*'], body: facts.map(([label, value]) => [{ text: label, bold: true }, printable(value)]) },
  layout: 'noBorders',
  fontSize: 9,
});

/**
 * The header block at the top of the first page, not a page of its own: the title, then what the
 * export is beside what it holds, so the first reports follow on the same page.
 */
function headerBlock(meta: ExportMeta, rows: readonly ExportRow[]): Content[] {
  const { about, counts } = exportFacts(meta, rows);
  return [
    { text: 'Rapporter', style: 'title' },
    { columns: [factTable(about), factTable(counts)], columnGap: 16, margin: [0, 4, 0, 6] },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: A4_WIDTH - 2 * MARGIN, y2: 0, lineWidth: 0.75, lineColor: MUTED }],
      margin: [0, 0, 0, 12],
    },
    ...(rows.length === 0 ? [{ text: 'Ingen rapporter i perioden.' } as Content] : []),
  ];
}

/**
 * A report's facts under its heading, one labelled line each; the rounds with the times they were
 * done ('Tilsynsrunde kl. 22:00, 00:05; Kveldsmat kl. 21:30').
 */
function reportFacts(row: ExportRow): Facts {
  return [
    ['Utførte gjøremål', row.tasks || 'Ingen'],
    ['Bortreiste elever', row.away || 'Ingen'],
    ...(row.editedBy ? ([['Endret av', row.editedBy]] as Facts) : []),
  ];
}

function reportSection(row: ExportRow): Content[] {
  return [
    {
      // The heading and its facts stay together.
      unbreakable: true,
      stack: [
        { text: printable(`${row.date} · ${row.author}${row.locked === 'Ja' ? ' · Låst' : ''}`), style: 'heading' },
        ...reportFacts(row).map(([label, value]) => labelled(label, value)),
      ],
    },
    { text: printable(row.text.trim() || 'Ingen innhold'), fontSize: 10, margin: [0, 4, 0, 14] },
  ];
}

/** The period's finished roll calls after the reports (issue 47): each with its counts, who was not found and what was done. */
function rollCallSection(meta: ExportMeta): Content[] {
  if (meta.rollCalls.length === 0) return [];
  return [
    { text: 'Opptellinger', style: 'title', margin: [0, 8, 0, 6] },
    ...meta.rollCalls.map((line): Content => ({
      unbreakable: true,
      margin: [0, 0, 0, 10],
      stack: [
        { text: printable(`${line.date} · ${line.house} · kl. ${line.time} · ${line.finishedBy}`), style: 'heading' },
        labelled('Resultat', line.counts),
        ...(line.notFound ? [labelled('Ikke funnet', line.notFound)] : []),
        ...(line.uncounted ? [labelled('Ikke telt', line.uncounted)] : []),
        ...(line.note ? [labelled('Notat', line.note)] : []),
      ],
    })),
  ];
}

/**
 * The reports as pdfmake lays them out on A4: a header block with what the export holds (school,
 * period, counts), then one section per report from the first page on; the school and the period at the head of every page and 'Side x av y' at
 * its foot. Title and language are set, so a screen reader names and reads it as Norwegian.
 */
export function reportsDocument(rows: readonly ExportRow[], meta: ExportMeta): TDocumentDefinitions {
  const title = `Rapporter – ${meta.school} – ${meta.period}`;
  const running = meta.author ? `${meta.period} · ${meta.author}` : meta.period;
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN + 8, MARGIN, MARGIN],
    info: {
      title,
      subject: meta.author ? `Rapporter skrevet av ${meta.author}` : 'Rapporter',
      creator: 'Tilsynsvakt',
      producer: 'Tilsynsvakt',
    },
    language: 'nb',
    displayTitle: true,
    defaultStyle: { font: BODY_FONT, fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true },
      heading: { fontSize: 11, bold: true, margin: [0, 0, 0, 2] },
    },
    header: () => ({
      columns: [
        { text: printable(meta.school), bold: true },
        { text: printable(running), alignment: 'right' },
      ],
      fontSize: 8,
      color: MUTED,
      margin: [MARGIN, MARGIN / 2, MARGIN, 0],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      text: `Side ${currentPage} av ${pageCount}`,
      alignment: 'center',
      fontSize: 8,
      color: MUTED,
      margin: [0, MARGIN / 4, 0, 0],
    }),
    content: [...headerBlock(meta, rows), ...rows.flatMap(reportSection), ...rollCallSection(meta)],
  };
}
