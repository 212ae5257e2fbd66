import type { Report } from '#protocol/reports';
import { isReportDayLocked } from '#protocol/time';
import type { ReportDoc } from './model';
import { changedAt } from '../../db/changedAt';

export function completedTasks(report: { taskTicks: ReadonlyArray<{ taskId: string }> }): string[] {
  return report.taskTicks.map((t) => t.taskId).sort();
}

export function presentReport(report: ReportDoc, now: Date): Report {
  return {
    id: report._id.toHexString(),
    date: report.date,
    authorName: report.authorName,
    authorUserId: report.authorUserId.toHexString(),
    schoolId: report.schoolId.toHexString(),
    content: report.content ?? '',
    completedTasks: completedTasks(report),
    awayStudents: report.awayStudents,
    locked: isReportDayLocked(report.date, now),
    updatedAt: changedAt(report),
    version: report.version ?? 0,
  };
}
