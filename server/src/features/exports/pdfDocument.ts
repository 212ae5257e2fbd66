import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { BODY_FONT, fontRuns } from './pdfFonts';
import type { ExportMeta, ExportRow } from './rows';

const MARGIN = 48;
const MUTED = '#4d5868';

/** A text as pdfmake takes it: one string, or runs where a glyph needs a fallback font. */
const printable = (text: string): string | Content[] => {
  const runs = fontRuns(text);
  return runs.length === 1 && !runs[0]!.font ? text : runs;
};

const labelled = (label: string, value: string): Content => ({
  text: [{ text: `${label}: `, bold: true }, printable(value)].flat(),
  fontSize: 10,
});

function titlePage(meta: ExportMeta, rows: readonly ExportRow[]): Content[] {
  const facts: Array<[string, string]> = [
    ['Skole', meta.school],
    ['Periode', meta.period],
    ...(meta.author ? ([['Bruker', meta.author]] as Array<[string, string]>) : []),
    ['Antall rapporter', String(rows.length)],
    ['Dager med rapport', String(new Set(rows.map((row) => row.day)).size)],
    ['Laget', meta.madeAt],
    ['Laget av', meta.madeBy],
  ];
  return [
    { text: 'Rapporter', style: 'title' },
    { text: printable(meta.school), style: 'subtitle' },
    { text: meta.period, color: MUTED, margin: [0, 0, 0, 24] },
    {
      table: { widths: ['auto', '*'], body: facts.map(([label, value]) => [{ text: label, bold: true }, printable(value)]) },
      layout: 'lightHorizontalLines',
    },
    ...(rows.length === 0 ? [{ text: 'Ingen rapporter i perioden.', margin: [0, 24, 0, 0] } as Content] : []),
  ];
}

function reportSection(row: ExportRow, first: boolean): Content[] {
  return [
    {
      // The heading and its facts stay together, and on a new page after the title page.
      unbreakable: true,
      ...(first ? { pageBreak: 'before' as const } : {}),
      stack: [
        { text: printable(`${row.date} · ${row.author}${row.locked === 'Ja' ? ' · Låst' : ''}`), style: 'heading' },
        labelled('Fullførte oppgaver', row.tasks || 'Ingen'),
        labelled('Bortreiste elever', row.away || 'Ingen'),
        ...(row.editedBy ? [labelled('Endret av', row.editedBy)] : []),
      ],
    },
    { text: printable(row.text.trim() || 'Ingen innhold'), fontSize: 10, margin: [0, 4, 0, 14] },
  ];
}

/**
 * The reports as pdfmake lays them out on A4: a title page with what the export holds, then one
 * section per report; the school and the period at the head of every page and 'Side x av y' at
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
      title: { fontSize: 22, bold: true },
      subtitle: { fontSize: 14, bold: true, margin: [0, 4, 0, 2] },
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
    content: [...titlePage(meta, rows), ...rows.flatMap((row, i) => reportSection(row, i === 0))],
  };
}
