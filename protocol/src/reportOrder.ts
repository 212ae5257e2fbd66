import { compareNorwegian } from './collation';
import { compareDays } from './time';

/** What the report order reads: the API's report and the stored document (its ids as text) alike. */
export type ReportOrderKey = { date: string; authorName: string; authorUserId: string };

/**
 * The one order of reports (issue 31), for the office's pages and the exports alike: the oldest
 * day first, then the author in Norwegian order (… Z, Æ, Ø, Å), and two authors of one name by user
 * id, so every list of the same reports agrees.
 */
export function compareReportsByDay(a: ReportOrderKey, b: ReportOrderKey): number {
  return (
    compareDays(a.date, b.date) ||
    compareNorwegian(a.authorName, b.authorName) ||
    (a.authorUserId < b.authorUserId ? -1 : a.authorUserId > b.authorUserId ? 1 : 0)
  );
}

/** The newest day first (the week page); within a day as compareReportsByDay. */
export function compareReportsNewestDayFirst(a: ReportOrderKey, b: ReportOrderKey): number {
  return compareDays(b.date, a.date) || compareReportsByDay(a, b);
}
