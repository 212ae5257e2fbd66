/**
 * The addresses of the reads the home screens start with, written once: the client's API modules
 * build their requests with them, and the server preloads the same ones (firstReads.ts), so a
 * preload and the app's own request can never differ.
 */

/** ?schoolId=: the school a call acts on (the Plattformadministrator must name it; a member may name only their own, or none). */
export function withSchool(path: string, schoolId: string | null | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}

export const readPaths = {
  sick: (date: string, schoolId: string | null) => withSchool(`/api/sick?date=${encodeURIComponent(date)}`, schoolId),
  away: (date: string, schoolId: string | null) => withSchool(`/api/away?activeOn=${encodeURIComponent(date)}`, schoolId),
  myReport: (date?: string) => (date ? `/api/reports/my?date=${encodeURIComponent(date)}` : '/api/reports/my'),
  taskRounds: (schoolId: string | null) => withSchool('/api/task-rounds', schoolId),
  taskButtons: (schoolId: string) => `/api/tasks-config/${encodeURIComponent(schoolId)}`,
  maintenanceTasks: (status: string, schoolId: string | null) =>
    withSchool(`/api/maintenance-tasks?status=${encodeURIComponent(status)}`, schoolId),
  /** The cases the signed-in Tilsynsvakt sent ('Mine saker'). */
  ownCases: () => '/api/account/cases',
  schoolUsers: (schoolId: string) => withSchool('/api/admin/users', schoolId),
  /** The report day's roll calls, and tonight's list they count (issue 47). */
  rollCalls: (date: string, schoolId: string | null) => withSchool(`/api/roll-calls?date=${encodeURIComponent(date)}`, schoolId),
  /** The evacuation under way and the day's (issue 47). */
  evacuations: (schoolId: string | null) => withSchool('/api/evacuations', schoolId),
  tonight: (date: string, schoolId: string | null) => withSchool(`/api/register/tonight?date=${encodeURIComponent(date)}`, schoolId),
};
