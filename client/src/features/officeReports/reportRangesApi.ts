import { reportsSchema, yearSummarySchema, type ExportFormat, type Report, type YearSummary } from '#protocol';
import { getData, withSchool } from '../../api/http';

/** The office's report calls (spec §7): a week, a year's period, the year at a glance, and the exports. */

const day = encodeURIComponent;

export function fetchWeekReports(start: string, end: string, schoolId: string | null): Promise<Report[] | null> {
  return getData(withSchool(`/api/admin/reports/week?start=${day(start)}&end=${day(end)}`, schoolId), reportsSchema);
}

export function fetchYearReports(from: string, to: string, schoolId: string | null): Promise<Report[] | null> {
  return getData(withSchool(`/api/admin/reports/year?from=${day(from)}&to=${day(to)}`, schoolId), reportsSchema);
}

/** The yearly page's user filter on a query: one author's figures or reports; none for everyone's. */
const withUser = (userId: string | undefined) => (userId ? `&userId=${encodeURIComponent(userId)}` : '');

/** userId: the figures of one author; '' for everyone's. */
export function fetchYearSummary(year: number, schoolId: string | null, userId: string): Promise<YearSummary | null> {
  return getData(withSchool(`/api/admin/reports/year-summary?year=${year}${withUser(userId)}`, schoolId), yearSummarySchema);
}

/** A download link: a plain GET carries the session cookie, so the browser fetches the file itself. userId: one author's reports only. */
export function exportUrl(format: ExportFormat, from: string, to: string, schoolId: string | null, userId?: string): string {
  return withSchool(`/api/reports/export.${format}?from=${day(from)}&to=${day(to)}${withUser(userId)}`, schoolId);
}
