import { addDays, compareDays, reportDay, type Report } from '#protocol';
import { deleteReport, fetchRecentReports, fetchReport, updateReport, type RecentReport } from './reportsApi';
import { createCollectionStore } from '../../stores/collection';
import { createItemStore, type ItemEntry } from '../../stores/items';

const RECENT_DAYS = 7;

/** An entry of /rapporter; events carry updatedAt too, so an older event never wins. */
export type RecentEntry = RecentReport & { updatedAt?: string };

/** Whether a report's day is one of the last seven report days (the /rapporter window). */
export function isRecentDay(day: string, now = new Date()): boolean {
  const today = reportDay(now);
  return compareDays(day, addDays(today, -(RECENT_DAYS - 1))) >= 0 && compareDays(day, today) <= 0;
}

/** /rapporter: the school's reports of the last 7 days. Scope '' (own school) or the chosen school. */
export const useRecentReportsStore = createCollectionStore<RecentEntry>({
  fetch: (scope) => fetchRecentReports(scope || null),
  belongs: (entry) => isRecentDay(entry.date),
});

export function toRecentEntry(report: Report): RecentEntry {
  const { id, date, authorName, completedTasks, updatedAt } = report;
  return { id, date, authorName, completedTasks, updatedAt };
}

export type ReportEntry = ItemEntry<Report>;

/** Single reports (/rapport/:id and its edit page), by id, kept live by reports.saved/deleted. */
const singleReports = createItemStore<Report>((id, scope) => fetchReport(id, scope || null));
export const useReportsStore = singleReports.useStore;

/** The screen's way to one report: loads it for the school scope and returns the live entry; `retry` asks again after a failure. */
export const useReport = singleReports.useItem;

// The office's changes to a report: the server's answer goes into the stores at once; the event
// that follows carries the same (and reaches the office's range lists).
export const reportActions = {
  /** A correction written from `baseVersion` of the text; refused (editConflict) if another was saved since. */
  async update(report: Report, content: string, baseVersion: number): Promise<void> {
    useReportsStore.getState().put(await updateReport(report, content, baseVersion));
  },
  async remove(report: Report): Promise<void> {
    await deleteReport(report);
    useReportsStore.getState().remove(report.id);
    useRecentReportsStore.getState().remove(report.id);
  },
};
