import type { Report, ReportTick } from '#protocol/reports';
import { isReportDayLocked } from '#protocol/time';
import type { ReportDoc } from './model';
import { changedAt } from '../../db/changedAt';
import { ticksWithIds } from './ticks';

/** The rounds done at least once, each named once (the spec's list). */
export function completedTasks(report: { taskTicks: ReadonlyArray<{ taskId: string }> }): string[] {
  return [...new Set(report.taskTicks.map((t) => t.taskId))].sort();
}

/** Every tick, in time order, with the label it was done under. */
export function presentTicks(report: Parameters<typeof ticksWithIds>[0]): ReportTick[] {
  return ticksWithIds(report)
    .map((tick) => ({ ...tick, at: tick.at.toISOString() }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.taskId.localeCompare(b.taskId) || a.id.localeCompare(b.id));
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
    ticks: presentTicks(report),
    awayStudents: report.awayStudents,
    locked: isReportDayLocked(report.date, now),
    updatedAt: changedAt(report),
    version: report.version ?? 0,
    editedBy: report.editedBy?.at
      ? { name: report.editedBy.name ?? '', role: report.editedBy.role ?? '', at: report.editedBy.at.toISOString() }
      : null,
  };
}
