/** Socket.IO room names. The school and user ids always come from the session, never the client. */
export const rooms = {
  school: (schoolId: string) => `school:${schoolId}`,
  /** Admin-only data (e.g. users awaiting approval) goes to the school's admins, not to every member. */
  schoolAdmins: (schoolId: string) => `school-admins:${schoolId}`,
  /** Admins and caretakers of a school: maintenance cases go to them only. */
  schoolMaintenance: (schoolId: string) => `school-maintenance:${schoolId}`,
  /** Members who may not read health data (sick comments): they get those events without it. */
  schoolRedacted: (schoolId: string) => `school-redacted:${schoolId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  platform: 'platform',
} as const;
