import type { Report } from '#protocol';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { rangeReportDeleted, rangeReportSaved } from '../officeReports/reportRangeStores';
import { toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

/**
 * A saved report reaches every list of reports that holds its day: the single report, the office's
 * ranges, /rapporter. The same whether the save was this window's own or an event told of it.
 */
export function showSavedReport(report: Report): void {
  useReportsStore.getState().put(report);
  rangeReportSaved(report);
  const recent = useRecentReportsStore.getState();
  if (aboutSchoolOnScreen(report.schoolId, recent.scope)) recent.put(toRecentEntry(report));
}

export function forgetDeletedReport(id: string): void {
  useReportsStore.getState().remove(id);
  rangeReportDeleted(id);
  useRecentReportsStore.getState().remove(id);
}

/** reports.saved and .deleted, as the lists above keep them (my report keeps its own: myReportStore.ts). */
export const reportEvents: EventHandlers<'reports.saved' | 'reports.deleted'> = {
  'reports.saved': (report) => showSavedReport(report),
  'reports.deleted': ({ id }) => forgetDeletedReport(id),
};
registerEventHandlers(reportEvents);
