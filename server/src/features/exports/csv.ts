import { Readable } from 'node:stream';
import { EXPORT_COLUMNS } from './columns';
import type { ExportRow } from './rows';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE = '\r\n';

/**
 * Where a spreadsheet would run a formula (OWASP 'CSV Injection', see docs/decisions.md): '=' or
 * '@' first, also after blanks or line breaks and in their full-width or small forms (＝, ﹦),
 * which NFKC folds to the same signs as Excel does; or a tab or carriage return first.
 */
const FORMULA_ALWAYS = /^(?:[\t\r]|\s*[=@])/;
const SIGN_FIRST = /^\s*[+-]/;
/**
 * '+' or '-' first is a formula only if what follows parses as one. A number, then words and
 * prose punctuation ('+47 915 55 123 ringte', '-2 elever manglet.') does not: a formula needs an
 * operator, a bracket, a quote or a reference sign, none of which this leaves room for.
 */
const SIGNED_PROSE = /^\s*[+-]\d[\d ]*(?:[.,]\d+)*(?:\s+[\p{L}\p{N}.,:;?!%]+)*\s*$/u;

export function mayRunAsFormula(value: string): boolean {
  const folded = value.normalize('NFKC');
  return FORMULA_ALWAYS.test(folded) || (SIGN_FIRST.test(folded) && !SIGNED_PROSE.test(folded));
}

/**
 * A cell Excel reads as text: every cell quoted (so ';', quotes and line breaks stay inside it),
 * and one a spreadsheet would run as a formula gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = mayRunAsFormula(value) ? `'${value}` : value;
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
