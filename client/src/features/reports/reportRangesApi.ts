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

export function fetchYearSummary(year: number, schoolId: string | null): Promise<YearSummary | null> {
  return getData(withSchool(`/api/admin/reports/year-summary?year=${year}`, schoolId), yearSummarySchema);
}

/** A download link: a plain GET carries the session cookie, so the browser fetches the file itself. */
export function exportUrl(format: ExportFormat, from: string, to: string, schoolId: string | null): string {
  return withSchool(`/api/reports/export.${format}?from=${day(from)}&to=${day(to)}`, schoolId);
}
