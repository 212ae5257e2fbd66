import ExcelJS from 'exceljs';
import { StudentFileError } from './studentFileError';

type CellValue = ExcelJS.CellValue;

const FORMULA_CELLS_NAMED = 3;

const isFormula = (value: CellValue) => typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);

/** A cell's value as the text a person sees in it; an error value (#N/A) is empty. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nei';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

function formulaRefusal(cells: string[]): StudentFileError {
  const named = cells.slice(0, FORMULA_CELLS_NAMED).join(', ');
  const more = cells.length > FORMULA_CELLS_NAMED ? ` og ${cells.length - FORMULA_CELLS_NAMED} til` : '';
  return new StudentFileError(
    'formula',
    `Regnearket har formler (${cells.length === 1 ? 'celle' : 'cellene'} ${named}${more}). Formler leses ikke: ` +
      'kopier cellene, lim dem inn som verdier, og last opp filen igjen.',
  );
}

/**
 * The first sheet with anything in it, as rows of text with their row numbers. A cell with a
 * formula refuses the file: its cached result may be stale or come from another sheet, and a
 * formula is never run here (docs/decisions.md).
 */
export async function readXlsx(bytes: Buffer): Promise<{ line: number; cells: string[] }[]> {
  const workbook = new ExcelJS.Workbook();
  const unreadable = new StudentFileError(
    'unreadableXlsx',
    'Filen kunne ikke leses som et Excel-regneark (.xlsx). Lagre elevlisten som .xlsx eller CSV og last den opp igjen.',
  );
  try {
    // exceljs types the buffer as its own Buffer interface; Node's is what it reads.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable;
  }
  // A zip with no sheet in it (an .ods, a .docx, any archive) loads as an empty workbook.
  if (workbook.worksheets.length === 0) throw unreadable;
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return [];
  const rows: { line: number; cells: string[] }[] = [];
  const formulas: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (isFormula(cell.value)) formulas.push(cell.address);
      else cells[column - 1] = cellText(cell.value);
    });
    rows.push({ line, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  if (formulas.length > 0) throw formulaRefusal(formulas);
  return rows;
}
