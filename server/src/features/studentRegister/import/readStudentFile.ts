import { decodeText } from './decodeText';
import { fileKind } from './fileKind';
import { MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS } from './limits';
import { mapHeaders } from './mapHeaders';
import { detectSeparator, parseCsv } from './parseCsv';
import { readXlsx } from './readXlsx';
import type { StudentFile, StudentFileRow } from './studentFile';
import { FILE_TOO_LARGE, NOT_A_SPREADSHEET, StudentFileError } from './studentFileError';
import { assertZipInflatesSafely } from './zipInflatedSize';

/** A title row or two ('Elevliste 2026/27') may stand above the header; it is looked for this far down. */
const HEADER_SEARCH_ROWS = 10;

const isEmptyRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** The first row naming two fields or more (a title row names none), else the first row. */
function headerIndex(rows: readonly { cells: string[] }[]): number {
  const candidates = rows.slice(0, HEADER_SEARCH_ROWS);
  const named = candidates.findIndex((row) => mapHeaders(row.cells).filter(Boolean).length >= 2);
  return named === -1 ? 0 : named;
}

function withHeader(found: { line: number; cells: string[] }[]): Pick<StudentFile, 'headerLine' | 'header' | 'rows'> {
  const rows = found.filter((row) => !isEmptyRow(row.cells));
  const [firstRow] = rows;
  if (!firstRow) throw new StudentFileError('empty', 'Filen er tom.');
  const at = headerIndex(rows);
  const headerRow = rows[at] ?? firstRow;
  const headerCells = headerRow.cells.map((cell) => cell.trim());
  while (headerCells.length > 0 && headerCells.at(-1) === '') headerCells.pop();
  if (headerCells.length > MAX_COLUMNS)
    throw new StudentFileError('tooManyColumns', `Filen har mer enn ${MAX_COLUMNS} kolonner. Er det riktig fil?`);
  const body = rows.slice(at + 1);
  if (body.length === 0) throw new StudentFileError('noRows', 'Filen har overskrifter, men ingen elever under dem.');
  if (body.length > MAX_ROWS)
    throw new StudentFileError(
      'tooManyRows',
      `Filen har ${body.length.toLocaleString('nb')} rader; en import kan ha høyst ${MAX_ROWS.toLocaleString('nb')}.`,
    );
  const width = headerCells.length;
  const toRow = (row: { line: number; cells: string[] }): StudentFileRow => ({
    line: row.line,
    cells: Array.from({ length: width }, (_, i) => row.cells[i] ?? ''),
  });
  return { headerLine: headerRow.line, header: headerCells, rows: body.map(toRow) };
}

function refuseUnreadable(kind: 'oldExcel' | 'utf16' | 'binary', fileName: string): never {
  if (kind === 'oldExcel')
    throw new StudentFileError(
      'oldExcel',
      'Gamle Excel-filer (.xls) kan ikke leses. Lagre elevlisten som .xlsx eller CSV og last den opp igjen.',
    );
  if (kind === 'utf16')
    throw new StudentFileError(
      'notSpreadsheet',
      'Filen er lagret som Unicode-tekst (UTF-16). Lagre den som «CSV UTF-8» og last den opp igjen.',
    );
  const named = /\.xls$/i.test(fileName) ? ' Lagre elevlisten som .xlsx eller CSV og last den opp igjen.' : '';
  throw new StudentFileError('notSpreadsheet', NOT_A_SPREADSHEET + named);
}

/**
 * Reads an uploaded student file: an .xlsx, or a CSV with ';' or ',' in UTF-8 or Windows-1252.
 * What it is comes from its bytes, not its name; the name only sharpens a refusal. Every refusal
 * is a StudentFileError with a Norwegian message, and nothing is read past a refusal.
 */
export async function readStudentFile(bytes: Buffer, fileName: string): Promise<StudentFile> {
  if (bytes.length > MAX_FILE_BYTES) throw new StudentFileError('tooLarge', FILE_TOO_LARGE);
  if (bytes.length === 0) throw new StudentFileError('empty', 'Filen er tom.');
  const kind = fileKind(bytes);
  if (kind === 'xlsx') {
    assertZipInflatesSafely(bytes);
    return { format: 'xlsx', ...withHeader(await readXlsx(bytes)) };
  }
  if (kind !== 'text') refuseUnreadable(kind, fileName);
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  return { format: 'csv', encoding, separator, ...withHeader(parseCsv(text, separator)) };
}
