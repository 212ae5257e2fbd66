import { reportVersionSchema, reportVersionsSchema, type ReportVersion, type ReportVersions } from '#protocol';
import { getData, withSchool } from '../../api/http';

const versionsPath = (id: string) => `/api/reports/${encodeURIComponent(id)}/versions`;

/** Every saved text of a report, newest first (its writer and the school's administrators). */
export function fetchReportVersions(id: string, schoolId: string | null): Promise<ReportVersions | null> {
  return getData(withSchool(versionsPath(id), schoolId), reportVersionsSchema);
}

export function fetchReportVersion(id: string, version: number, schoolId: string | null): Promise<ReportVersion | null> {
  return getData(withSchool(`${versionsPath(id)}/${version}`, schoolId), reportVersionSchema);
}
