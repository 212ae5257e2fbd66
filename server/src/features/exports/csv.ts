import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, type ExportRow } from './rows';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE = '\r\n';

/**
 * A cell Excel reads as text: every cell quoted (so ';', quotes and line breaks stay inside it),
 * and one that begins like a formula (= + - @, or a tab or carriage return that hides one) gets a
 * leading apostrophe, so no spreadsheet runs it (OWASP 'CSV injection').
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
