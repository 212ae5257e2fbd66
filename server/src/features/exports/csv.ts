import { Readable } from 'node:stream';
import { EXPORT_COLUMNS } from './columns';
import type { ExportRow } from './rows';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE = '\r\n';

/**
 * Where a spreadsheet may see a formula (OWASP 'CSV injection'): = + - @ first, also after blanks
 * or line breaks, and in their full-width or small forms (＝, ﹦), which NFKC folds to the same
 * signs as Excel does; or a tab or carriage return first.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * A cell Excel reads as text: every cell quoted (so ';', quotes and line breaks stay inside it),
 * and one that may begin a formula gets a leading apostrophe, so no spreadsheet runs it.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value.normalize('NFKC')) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(SEPARATOR) + LINE;

/** UTF-8 with a BOM and ';' between cells: Excel in a Norwegian locale opens it with æøå intact. */
export function csvStream(rows: AsyncIterable<ExportRow>): Readable {
  return Readable.from(
    (async function* () {
      yield BOM + csvLine(EXPORT_COLUMNS.map((c) => c.header));
      for await (const row of rows) yield csvLine(EXPORT_COLUMNS.map((c) => row[c.key]));
    })(),
  );
}
