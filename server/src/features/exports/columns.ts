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
