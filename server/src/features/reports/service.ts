import type { Types } from 'mongoose';
import type { MyReport, Report, SaveMyReportBody } from '#protocol/reports';
import { REPORT_TEXTS } from '#protocol/reports';
import { addDays, compareDays, formatDayNo, isReportDayLocked, isResetWindow, reportDay } from '#protocol/time';
import { badRequest, conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import type { UserDoc } from '../users/model';
import { ReportModel, reportIdFor, type ReportDoc } from './model';
import { completedTasks, presentReport } from './present';
import { taskRounds } from './rounds';
import { trusted } from '../../db/trusted';
import { cachedSchoolRead } from '../../db/schoolReadCache';
import { unlessDuplicate } from '../../db/duplicateKey';

const RECENT_DAYS = 7;

/** The supervisor's own report for a day (default: the current report day), written or not. */
export async function getMyReport(schoolId: Types.ObjectId, user: UserDoc, requested: string | undefined, now: Date): Promise<MyReport> {
  const today = reportDay(now);
  const date = requested ?? today;
  const id = reportIdFor(schoolId, user._id, date);
  // Even a bare-_id read grows with the school's reports on the embedded engine; kept in memory
  // until any report of the school changes (db/schoolReadCache.ts).
  const report = await cachedSchoolRead(schoolId, ReportModel.modelName, `my:${id.toHexString()}`, () =>
    ReportModel.of(schoolId).findById(id).lean<ReportDoc>(),
  );
  return {
    id: report?._id.toHexString() ?? null,
    date,
    content: report?.content ?? '',
    completedTasks: report ? completedTasks(report) : [],
    awayStudents: report?.awayStudents ?? [],
    locked: isReportDayLocked(date, now),
    resetWindow: isResetWindow(now),
    reportDay: today,
    updatedAt: report?.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Saves the supervisor's own report. Only the current report day, never while locked or in the
 * 08:30–09:00 window: the server decides, whatever the client believes the time is.
 */
export async function saveMyReport(
  schoolId: Types.ObjectId,
  user: UserDoc,
  body: SaveMyReportBody,
  now: Date,
  realtime: Realtime,
): Promise<Report> {
  const today = reportDay(now);
  if (compareDays(body.date, today) < 0) throw conflict(REPORT_TEXTS.locked, 'reportLocked');
  if (body.date !== today) throw badRequest(REPORT_TEXTS.wrongDay, 'reportWrongDay');
  if (isResetWindow(now)) throw conflict(REPORT_TEXTS.resetWindow, 'reportResetWindow');

  const _id = reportIdFor(schoolId, user._id, today);
  const Report = ReportModel.of(schoolId);
  const existing = await Report.findById(_id, { taskTicks: 1 }).lean();
  const tickedAt = new Map((existing?.taskTicks ?? []).map((t) => [t.taskId, t.at]));
  const taskTicks = [...body.completedTasks].sort().map((taskId) => ({ taskId, at: tickedAt.get(taskId) ?? now }));
  const update = {
    $set: { content: body.content, taskTicks, awayStudents: body.awayStudents, authorName: user.name },
    $setOnInsert: { schoolId, authorUserId: user._id, date: today },
  };

  // Two first saves at once: the unique _id lets one create it; the other updates it.
  const report = await unlessDuplicate(
    () => Report.findOneAndUpdate({ _id }, update, { upsert: true, new: true }),
    () => Report.findOneAndUpdate({ _id }, { $set: update.$set }, { new: true }),
  );
  const presented = presentReport(report!, now);
  const room = schoolId.toHexString();
  realtime.toSchool(room, 'reports.saved', presented);
  const ticksChanged = JSON.stringify([...tickedAt.keys()].sort()) !== JSON.stringify(presented.completedTasks);
  if (ticksChanged) realtime.toSchool(room, 'taskRounds.updated', await taskRounds(schoolId, today));
  return presented;
}

/** The school's reports of the last seven report days, newest first. */
export async function recentReports(schoolId: Types.ObjectId, now: Date): Promise<Report[]> {
  const today = reportDay(now);
  const from = addDays(today, -(RECENT_DAYS - 1));
  const reports = await cachedSchoolRead(schoolId, ReportModel.modelName, `recent:${from}:${today}`, () =>
    ReportModel.of(schoolId).find({ schoolId, date: trusted({ $gte: from, $lte: today }) }).lean<ReportDoc[]>(),
  );
  // Presented per request: whether a report is locked depends on the time of asking.
  return reports
    .map((r) => presentReport(r, now))
    .sort((a, b) => compareDays(b.date, a.date) || b.updatedAt.localeCompare(a.updatedAt));
}

/** A report by id in the school the request acts on. */
async function findReport(schoolId: Types.ObjectId, id: string): Promise<ReportDoc> {
  const report = await ReportModel.of(schoolId).findOne({ _id: id, schoolId });
  if (!report) throw notFound(REPORT_TEXTS.notFound);
  return report;
}

export async function getReport(schoolId: Types.ObjectId, id: string, now: Date): Promise<Report> {
  return presentReport(await findReport(schoolId, id), now);
}

/** Admin and Plattformadministrator correct any report's text, locked or not. */
export async function updateReportContent(
  actor: UserDoc,
  schoolId: Types.ObjectId,
  id: string,
  content: string,
  now: Date,
  realtime: Realtime,
): Promise<Report> {
  const report = await findReport(schoolId, id);
  report.content = content;
  await report.save();
  await audit(actor, 'report.edited', { id: report._id, name: `${report.authorName}, ${formatDayNo(report.date)}`, schoolId: report.schoolId });
  const presented = presentReport(report, now);
  realtime.toSchool(report.schoolId.toHexString(), 'reports.saved', presented);
  return presented;
}

export async function deleteReport(actor: UserDoc, schoolId: Types.ObjectId, id: string, now: Date, realtime: Realtime): Promise<{ id: string }> {
  const report = await findReport(schoolId, id);
  await ReportModel.of(report.schoolId).deleteOne({ _id: report._id });
  await audit(actor, 'report.deleted', { id: report._id, name: `${report.authorName}, ${formatDayNo(report.date)}`, schoolId: report.schoolId });
  const reportSchool = report.schoolId.toHexString();
  realtime.toSchool(reportSchool, 'reports.deleted', { id });
  if (report.date === reportDay(now)) realtime.toSchool(reportSchool, 'taskRounds.updated', await taskRounds(report.schoolId, report.date));
  return { id };
}
