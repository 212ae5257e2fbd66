import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_COLUMNS, ROLL_CALL_COLUMNS } from './columns';
import type { ExportMeta, ExportRow } from './rows';

/** Norwegian (LCID 0x414) whatever the reader's locale: '9. mars 2026'. */
export const DATE_FORMAT = '[$-414]d. mmmm yyyy';

/** Excel's tallest row. */
const MAX_ROW_HEIGHT = 409;
/** One line of Calibri 11 as Excel sizes a row for it; LibreOffice's lines are no taller. */
const LINE_HEIGHT = 15;
const ROW_PADDING = 3;

const LIGHT = { style: 'thin', color: { argb: 'FFBFBFBF' } } as const;
const BORDER = { top: LIGHT, left: LIGHT, bottom: LIGHT, right: LIGHT };

/**
 * A character's width in Excel's column unit (the width of '0'), rounded up for the widest fonts a
 * reader may see (Calibri in Excel, Carlito or DejaVu Sans in LibreOffice): an emoji or other
 * symbol comes from a fallback font and may be twice as wide or more.
 */
const WIDEST = new Set('mwæœ@%MWÆŒ');

function charWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (code === 0x200d || code === 0xfe0f) return 0;
  if (code > 0x2000) return 2.5;
  if (WIDEST.has(ch)) return 1.8;
  const capital = (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0xde);
  return capital ? 1.3 : 1;
}

function measure(word: string): number {
  let width = 0;
  for (const ch of word) width += charWidth(ch);
  return width;
}

/**
 * How many lines a wrapped cell of this width needs: each line break starts a line, words go on a
 * line while they fit, a word longer than a line is broken anywhere. Rather too many than too few.
 */
export function wrappedLines(text: string, width: number): number {
  const room = width - 1.5;
  let lines = 0;
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    lines++;
    let used = 0;
    for (const word of paragraph.split(/[ \t]+/)) {
      let w = measure(word);
      if (used > 0 && used + 1 + w <= room) {
        used += 1 + w;
        continue;
      }
      if (used > 0) lines++;
      for (; w > room; w -= room) lines++;
      used = w;
    }
  }
  return lines;
}

/**
 * The height that shows every line of the row's tallest cell. Excel allows no more than 409 pt
 * (27 lines by this estimate, some 2,500 characters of prose in the Rapport column): a longer text
 * is still whole in its cell (the formula bar and the filter see all of it), but screen and print
 * show only what fits, cut at the cell's bottom edge (the next row stays clean). The PDF export
 * prints every line.
 */
export function rowHeight(cells: ReadonlyArray<{ text: string; width: number }>): number {
  const lines = Math.max(1, ...cells.map(({ text, width }) => wrappedLines(text, width)));
  return Math.min(MAX_ROW_HEIGHT, lines * LINE_HEIGHT + ROW_PADDING);
}

const dotted = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** '09.03.2026–15.03.2026': Excel allows 31 characters and none of : \ / ? * [ ]. */
export function sheetName(from: string, to: string): string {
  const name = from === to ? dotted(from) : `${dotted(from)}–${dotted(to)}`;
  return name.replace(/[:\\/?*[\]]/g, '-').slice(0, 31);
}

/** In a print header or footer '&' begins a code ('&P' the page); '&&' prints one '&'. */
const printed = (text: string) => text.replaceAll('&', '&&');

/**
 * A text as an inline string (<is>): exceljs writes a plain string as a formula's cached result
 * (t="str"), and LibreOffice then draws a short text's line breaks as nothing. Inline, a row's
 * texts leave with the row, where shared strings would stay in memory until the end.
 */
const inline = (text: string) => (text ? { richText: [{ text }] } : null);

/**
 * Excel keeps a filter's range as the sheet's own name _xlnm._FilterDatabase besides <autoFilter>,
 * and LibreOffice shows no filter without it; exceljs writes only the <autoFilter>. Its workbook
 * writer renders definedNames.model (localSheetId included) as it commits, so the name goes there.
 */
function nameFilterRange(workbook: ExcelJS.Workbook, sheet: string, rows: number): void {
  const last = String.fromCharCode(64 + EXPORT_COLUMNS.length);
  const name = { name: '_xlnm._FilterDatabase', localSheetId: 0, ranges: [`'${sheet}'!$A$1:$${last}$${rows}`] };
  Object.defineProperty(workbook.definedNames, 'model', { value: [...workbook.definedNames.model, name] });
}

/** At UTC midnight: the cell's serial is then the day itself, whatever the server's time zone. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A sheet's columns with the exports' look: the date a real date shown in Norwegian, other text
 * wrapped at the top of its cell, thin borders; the header row bold on grey, given back to commit.
 */
function withColumns(sheet: ExcelJS.Worksheet, columns: ReadonlyArray<{ key: string; header: string; width: number }>): ExcelJS.Row {
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: {
      alignment: { wrapText: c.key !== 'date', vertical: 'top', horizontal: 'left' },
      border: BORDER,
      ...(c.key === 'date' ? { numFmt: DATE_FORMAT } : {}),
    },
  }));
  const header = sheet.getRow(1);
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } };
  });
  return header;
}

/** The period's finished roll calls on a sheet of their own, one row each, with the reports' look. */
function rollCallSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, meta: ExportMeta): void {
  const sheet = workbook.addWorksheet('Opptellinger', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    headerFooter: { oddHeader: `&L&B${printed(meta.school)}&B&COpptellinger&R${printed(meta.period)}`, oddFooter: '&RSide &P av &N' },
  });
  withColumns(sheet, ROLL_CALL_COLUMNS).commit();
  for (const line of meta.rollCalls) {
    const added = sheet.addRow(ROLL_CALL_COLUMNS.map((c) => (c.key === 'date' ? dayDate(line.day) : inline(line[c.key]))));
    added.height = rowHeight(ROLL_CALL_COLUMNS.map((c) => ({ text: line[c.key], width: c.width })));
    added.commit();
  }
  sheet.commit();
}

/**
 * One row per report, written row by row into the zip as it streams out: a bold, frozen header with
 * a filter, the date a real date shown in Norwegian, text wrapped at the top of its cell in a row
 * tall enough for it; printed landscape on A4, as wide as the page, the header on every page, the
 * school and the period above and page numbers below. Text cells are inline strings, never formulas,
 * whatever they begin with.
 */
export function xlsxStream(rows: AsyncIterable<ExportRow>, meta: ExportMeta): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Tilsynsvakt';
  workbook.lastModifiedBy = 'Tilsynsvakt';
  workbook.title = `Rapporter – ${meta.school} – ${meta.period}`;
  // The streaming writer writes <sheetPr><pageSetUpPr fitToPage/> as the sheet opens, from the
  // options given here: page setup set on the sheet afterwards would not fit the page.
  const name = sheetName(meta.from, meta.to);
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
    },
    headerFooter: {
      oddHeader: `&L&B${printed(meta.school)}&B${meta.author ? `&C${printed(`Forfatter: ${meta.author}`)}` : ''}&R${printed(meta.period)}`,
      oddFooter: `&L${printed(`Laget ${meta.madeAt} av ${meta.madeBy}`)}&RSide &P av &N`,
    },
  });
  const header = withColumns(sheet, EXPORT_COLUMNS);
  header.height = rowHeight(EXPORT_COLUMNS.map((c) => ({ text: c.header, width: c.width })));
  header.commit();
  void (async () => {
    let last = 1;
    for await (const row of rows) {
      const added = sheet.addRow(EXPORT_COLUMNS.map((c) => (c.key === 'date' ? dayDate(row.day) : inline(row[c.key]))));
      added.height = rowHeight(EXPORT_COLUMNS.map((c) => ({ text: c.key === 'date' ? row.date : row[c.key], width: c.width })));
      added.commit();
      last = added.number;
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: last, column: EXPORT_COLUMNS.length } };
    nameFilterRange(workbook, name, last);
    sheet.commit();
    if (meta.rollCalls.length > 0) rollCallSheet(workbook, meta);
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
