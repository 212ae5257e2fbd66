/**
 * A cell a spreadsheet would take as a formula if it were written back as it is: '=', '+', '-' or
 * '@' first (after blanks), or a tab or carriage return first. Such a cell is read as the text it
 * is, never run, and flagged so the screen can show it and an export writes it escaped
 * (exports/csv.ts `csvCell` puts an apostrophe before it).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@＝﹦＋﹢－﹣＠﹫])/u;

export const isFormulaLike = (value: string): boolean => FORMULA_START.test(value);
