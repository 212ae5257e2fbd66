import { compareDays, type Report, type YearSummary } from '#protocol';
import { fetchWeekReports, fetchYearReports, fetchYearSummary } from './reportRangesApi';
import { createCollectionStore } from '../../stores/collection';
import { createSnapshotStore } from '../../stores/snapshot';

/**
 * The office's report lists, each a school's reports of a range of days. Scope 'school|from|to':
 * school '' for an Admin (the server uses theirs), the chosen school for the Plattformadministrator.
 */
export function rangeScope(school: string, from: string, to: string): string {
  return `${school}|${from}|${to}`;
}

function splitRange(scope: string): { school: string; from: string; to: string } {
  const [school = '', from = '', to = ''] = scope.split('|');
  return { school, from, to };
}

function rangeStore(fetch: (from: string, to: string, schoolId: string | null) => Promise<Report[] | null>) {
  return createCollectionStore<Report>({
    fetch: (scope) => {
      const { school, from, to } = splitRange(scope);
      return fetch(from, to, school || null);
    },
    // Reports live: one saved in the range (of the school on screen) joins it, one outside leaves.
    belongs: (report, scope) => {
      const { school, from, to } = splitRange(scope);
      return (school === '' || report.schoolId === school) && compareDays(report.date, from) >= 0 && compareDays(report.date, to) <= 0;
    },
  });
}

/** /admin/ukesrapport: the last seven days. */
export const useWeekReportsStore = rangeStore(fetchWeekReports);
/** /admin/aarsrapport: the chosen ISO week. */
export const useYearReportsStore = rangeStore(fetchYearReports);
/** /admin/gaarsdagens-rapport: the previous report day. */
export const useYesterdayReportsStore = rangeStore(fetchWeekReports);

const RANGE_STORES = [useWeekReportsStore, useYearReportsStore, useYesterdayReportsStore];

/** The year at a glance, scope 'school|year|user' (user '' for everyone): a new user is a new scope, loaded anew. */
export const useYearSummaryStore = createSnapshotStore<YearSummary>((scope) => {
  const [school = '', year = '', user = ''] = scope.split('|');
  return fetchYearSummary(Number(year), school || null, user);
});

export function summaryScope(school: string, year: number, user: string): string {
  return `${school}|${year}|${user}`;
}

// Every tick saves a report; the year's overview is asked again at most this often.
const SUMMARY_REFRESH_MS = 10_000;
let summaryTimer: ReturnType<typeof setTimeout> | undefined;

function refreshSummarySoon(): void {
  if (summaryTimer || useYearSummaryStore.getState().status === 'idle') return;
  summaryTimer = setTimeout(() => {
    summaryTimer = undefined;
    const store = useYearSummaryStore.getState();
    if (store.status !== 'idle') void store.reload();
  }, SUMMARY_REFRESH_MS);
}

export function rangeReportSaved(report: Report): void {
  for (const store of RANGE_STORES) store.getState().put(report);
  refreshSummarySoon();
}

export function rangeReportDeleted(id: string): void {
  for (const store of RANGE_STORES) store.getState().remove(id);
  refreshSummarySoon();
}
