import type { Deleted, Report } from '#protocol';
import type { EventHandlers } from '../../realtime/eventHandlers';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { useMyReportStore } from './myReportStore';
import { rangeReportDeleted, rangeReportSaved } from './reportRangeStores';
import { toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

/** A report saved anywhere: the single report, the office's ranges, my own report, /rapporter. */
export function reportSaved(report: Report): void {
  useReportsStore.getState().put(report);
  rangeReportSaved(report);
  useMyReportStore.getState().receive(report);
  const recent = useRecentReportsStore.getState();
  if (aboutSchoolOnScreen(report.schoolId, recent.scope)) recent.put(toRecentEntry(report));
}

export function reportDeleted({ id }: Deleted): void {
  useReportsStore.getState().remove(id);
  rangeReportDeleted(id);
  useRecentReportsStore.getState().remove(id);
  useMyReportStore.getState().receiveDeleted(id);
}

export const reportEvents: EventHandlers<'reports.saved' | 'reports.deleted'> = {
  'reports.saved': reportSaved,
  'reports.deleted': reportDeleted,
};
