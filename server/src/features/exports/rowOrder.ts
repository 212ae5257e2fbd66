import { compareReportsByDay } from '#protocol/reportOrder';
import type { ExportRow } from './rows';

/** The rows in the order of the office's pages (compareReportsByDay): the oldest day first, then Norwegian name order. */
export function inPagesOrder(rows: readonly ExportRow[]): ExportRow[] {
  return rows
    .map((row) => ({ date: row.day, authorName: row.author, authorUserId: row.authorId, row }))
    .sort(compareReportsByDay)
    .map(({ row }) => row);
}
