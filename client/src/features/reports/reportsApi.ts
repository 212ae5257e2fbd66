import type { z } from 'zod';
import {
  deletedSchema,
  readPaths,
  myReportSchema,
  recentReportsSchema,
  reportSchema,
  taskRoundsSchema,
  type Deleted,
  type MyReport,
  type Report,
  type SaveMyReportBody,
  type TaskRounds,
  type recentReportSchema,
} from '#protocol';
import { getData, request, withSchool } from '../../api/http';

export type RecentReport = z.infer<typeof recentReportSchema>;

/** The signed-in supervisor's report; without a date the server picks the current report day. */
export function fetchMyReport(date?: string): Promise<MyReport | null> {
  return getData(readPaths.myReport(date), myReportSchema);
}

export function saveMyReport(body: SaveMyReportBody): Promise<Report> {
  return request('PUT', '/api/reports/my', reportSchema, body);
}

export function fetchRecentReports(schoolId: string | null): Promise<RecentReport[] | null> {
  return getData(withSchool('/api/reports/recent7', schoolId), recentReportsSchema);
}

const reportPath = (id: string, schoolId: string | null) => withSchool(`/api/reports/${encodeURIComponent(id)}`, schoolId);

/** A report by id in the school of the scope (the Plattformadministrator's chosen one; null for a member's own). */
export function fetchReport(id: string, schoolId: string | null): Promise<Report | null> {
  return getData(reportPath(id, schoolId), reportSchema);
}

export function updateReport(report: Report, content: string): Promise<Report> {
  return request('PUT', reportPath(report.id, report.schoolId), reportSchema, { content });
}

export function deleteReport(report: Report): Promise<Deleted> {
  return request('DELETE', reportPath(report.id, report.schoolId), deletedSchema);
}

export function fetchTaskRounds(schoolId: string | null): Promise<TaskRounds | null> {
  return getData(readPaths.taskRounds(schoolId), taskRoundsSchema);
}
