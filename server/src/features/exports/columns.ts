import type { RollCallLine } from './rollCallLines';
import type { ExportRow } from './rows';

/**
 * The columns of the CSV and the Excel export, widths in Excel's unit (the width of '0'). Apart
 * from rows.ts, so the writers load no database code (they may run in a worker thread).
 */
export const EXPORT_COLUMNS: ReadonlyArray<{ key: keyof ExportRow; header: string; width: number }> = [
  { key: 'date', header: 'Dato', width: 20 },
  { key: 'author', header: 'Forfatter', width: 18 },
  { key: 'tasks', header: 'Utførte gjøremål', width: 28 },
  { key: 'away', header: 'Bortreiste elever', width: 22 },
  { key: 'locked', header: 'Låst', width: 7 },
  { key: 'text', header: 'Rapport', width: 95 },
  { key: 'editedBy', header: 'Endret av', width: 24 },
];

/** The roll calls' sheet of the Excel export and their table in the PDF (issue 47). */
export const ROLL_CALL_COLUMNS: ReadonlyArray<{ key: keyof RollCallLine; header: string; width: number }> = [
  { key: 'date', header: 'Dato', width: 20 },
  { key: 'house', header: 'Internat', width: 16 },
  { key: 'time', header: 'Tid', width: 13 },
  { key: 'finishedBy', header: 'Avsluttet av', width: 18 },
  { key: 'counts', header: 'Resultat', width: 30 },
  { key: 'notFound', header: 'Ikke funnet', width: 24 },
  { key: 'uncounted', header: 'Ikke telt', width: 24 },
  { key: 'note', header: 'Notat', width: 50 },
];
