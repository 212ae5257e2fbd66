import type { z } from 'zod';
import { deletedSchema, recentReportsSchema, reportSchema, type Deleted, type Report, type recentReportSchema } from '#protocol';
import { getData, request, withSchool } from '../../api/http';

export type RecentReport = z.infer<typeof recentReportSchema>;

export function fetchRecentReports(schoolId: string | null): Promise<RecentReport[] | null> {
  return getData(withSchool('/api/reports/recent7', schoolId), recentReportsSchema);
}

const reportPath = (id: string, schoolId: string | null) => withSchool(`/api/reports/${encodeURIComponent(id)}`, schoolId);

/** A report by id in the school of the scope (the Plattformadministrator's chosen one; null for a member's own). */
export function fetchReport(id: string, schoolId: string | null): Promise<Report | null> {
  return getData(reportPath(id, schoolId), reportSchema);
}

/** An admin's correction, on the version it was written from (409 editConflict otherwise). */
export function updateReport(report: Report, content: string, baseVersion = report.version): Promise<Report> {
  return request('PUT', reportPath(report.id, report.schoolId), reportSchema, { content, baseVersion });
}

export function deleteReport(report: Report): Promise<Deleted> {
  return request('DELETE', reportPath(report.id, report.schoolId), deletedSchema);
}
