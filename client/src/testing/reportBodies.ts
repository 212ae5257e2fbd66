import { SUPERVISOR_ROLE, type MyReport, type Report } from '#protocol';
import { userOf } from './users';

/** The signed-in supervisor of the client tests (testing/users.ts) and her school. */
export const KARI = userOf(SUPERVISOR_ROLE).id;
export const SCHOOL = userOf(SUPERVISOR_ROLE).schoolId!;

/**
 * Kari's report as the server sends it, for component tests that answer the page's calls one by
 * one. These are shapes, not rules: which answer a call gets is the test's to say. The server's
 * rules (versions and 409 editConflict, closed days, the 08:30–09:00 window) are tested with the
 * store against the real server (features/myReport/*.server.test.ts).
 */
export function myReportBody(date: string, over: Partial<MyReport> = {}): MyReport {
  return {
    id: null,
    date,
    content: '',
    completedTasks: [],
    ticks: [],
    awayStudents: [],
    locked: false,
    resetWindow: false,
    reportDay: date,
    updatedAt: null,
    version: 0,
    ...over,
  };
}

/** A saved report, as PUT answers it and reports.saved and a 409's `current` carry it. */
export function reportBody(date: string, content: string, version: number, over: Partial<Report> = {}): Report {
  return {
    id: `${date.replace(/-/g, '')}${'0'.repeat(16)}`,
    date,
    authorName: 'Kari Nordmann',
    authorUserId: KARI,
    schoolId: SCHOOL,
    content,
    completedTasks: [],
    ticks: [],
    awayStudents: [],
    locked: false,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, version)).toISOString(),
    version,
    ...over,
  };
}

/** The saved report as GET /api/reports/my answers it. */
export const asMyReport = (saved: Report): MyReport => {
  const { authorName: _name, authorUserId: _author, schoolId: _school, ...rest } = saved;
  return { ...rest, resetWindow: false, reportDay: saved.date };
};
