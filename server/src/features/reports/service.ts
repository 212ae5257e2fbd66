import type { Types } from 'mongoose';
import type { MyReport, Report, SaveMyReportBody, TickTaskBody } from '#protocol/reports';
import type { TaskId } from '#protocol/taskButtons';
import { REPORT_TEXTS } from '#protocol/reports';
import { addDays, compareDays, formatDayNo, isLockedOnReportDay, isResetWindow, reportDay } from '#protocol/time';
import { badRequest, conflict, editConflict, notFound } from '../../httpError';
import { awayOnDay } from '../away/service';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import type { UserRecord } from '../../core/accounts/userModel';
import { ReportModel, reportIdFor, type ReportDoc } from './model';
import { completedTasks, presentReport, presentTicks } from './present';
import { newTick, sameTicks, ticksOf, ticksWithIds, withTick, withoutTick, type LabelOf } from './ticks';
import { tickTime } from './tickTime';
import { getTasksConfig } from '../taskButtons/service';
import { taskRounds } from './rounds';
import { deleteVersions } from './versions';
import { trusted } from '../../db/trusted';
import { atCount, atVersion } from '../../db/counterFilter';
import { schoolData } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';
import { unlessDuplicate } from '../../db/duplicateKey';
import { inOrder } from '../../db/inOrder';
import { AGAIN, untilWritten } from '../../db/untilWritten';

const RECENT_DAYS = 7;

/** The supervisor's own report for a day (default: the current report day), written or not. */
export async function getMyReport(schoolId: Types.ObjectId, user: UserRecord, requested: string | undefined, now: Date): Promise<MyReport> {
  const today = reportDay(now);
  const date = requested ?? today;
  const locked = isLockedOnReportDay(date, today);
  const resetWindow = isResetWindow(now);
  // Kept presented until any report of the school changes (cache/areas.ts): a bare-_id read grows
  // with the school's reports on the embedded engine. What depends on the time of asking is in the key.
  return readThrough(
    schoolData(schoolId, ReportModel.modelName),
    `my:${user._id.toHexString()}:${date}:${today}:${locked}:${resetWindow}`,
    async () => {
      const report = await ReportModel.of(schoolId)
        .findById(reportIdFor(schoolId, user._id, date))
        .lean<ReportDoc>();
      return {
        id: report?._id.toHexString() ?? null,
        date,
        content: report?.content ?? '',
        completedTasks: report ? completedTasks(report) : [],
        ticks: report ? presentTicks(report) : [],
        awayStudents: report?.awayStudents ?? [],
        locked,
        resetWindow,
        reportDay: today,
        updatedAt: report?.updatedAt?.toISOString() ?? null,
        version: report?.version ?? 0,
      };
    },
  );
}

/** The day a supervisor may write: the current report day, never while locked or in the 08:30–09:00 window. */
function writableDay(date: string, now: Date): string {
  const today = reportDay(now);
  if (compareDays(date, today) < 0) throw conflict(REPORT_TEXTS.locked, 'reportLocked');
  if (date !== today) throw badRequest(REPORT_TEXTS.wrongDay, 'reportWrongDay');
  if (isResetWindow(now)) throw conflict(REPORT_TEXTS.resetWindow, 'reportResetWindow');
  return today;
}

/**
 * Saves the supervisor's own text, on the version it was written from when the save names one
 * (otherwise 409 with the report as it is now, unless it already holds this very text); a save
 * that names none is applied. With the spec's `completedTasks` the ticks are set in the same write,
 * each tick that stays keeping its time. The server decides the day, whatever the client believes
 * the time is.
 */
export async function saveMyReport(
  schoolId: Types.ObjectId,
  user: UserRecord,
  body: SaveMyReportBody,
  baseVersion: number | undefined,
  now: Date,
  realtime: Realtime,
): Promise<Report> {
  const date = writableDay(body.date, now);
  const _id = reportIdFor(schoolId, user._id, date);
  const Report = ReportModel.of(schoolId);
  const awayStudents = await awayOnDay(schoolId, date);
  const text = { content: body.content, awayStudents, authorName: user.name };
  const ticked = body.completedTasks;
  const labelOf = ticked ? await roundLabels(schoolId) : undefined;
  return untilWritten(
    { tries: ticked ? TICK_ATTEMPTS : TEXT_ATTEMPTS },
    async () => {
      // Setting the ticks reads them first and writes only if nothing was written in between.
      const before = ticked ? await Report.findById(_id).lean<ReportDoc>() : undefined;
      const set = ticked ? { ...text, taskTicks: ticksOf(ticked, ticksWithIds(before), now, labelOf!) } : text;
      const filter = { _id, ...atVersion(baseVersion), ...(before ? { writes: atCount(before.writes) } : {}) };
      const updated =
        before === null
          ? null
          : await Report.findOneAndUpdate(filter, { $set: set, $inc: { version: 1, writes: 1 } }, { new: true }).lean<ReportDoc>();
      if (updated) return saved(updated);
      const current = before === null ? null : await Report.findById(_id).lean<ReportDoc>();
      if (!current) {
        // The day's first save (or the first after an admin deleted it): created, unless another write just did.
        const created = await unlessDuplicate(
          async () =>
            (
              await Report.create({ _id, schoolId, authorUserId: user._id, date, taskTicks: [], ...set, version: 1, writes: 1 })
            ).toObject() as ReportDoc,
          () => null,
        );
        return created ? saved(created) : AGAIN;
      }
      if (current.content === body.content && (!ticked || sameTicks(current, ticked))) return presentReport(current, now);
      // Written meanwhile (a round ticked elsewhere, the day's first save), still on the version this text was written from.
      if (baseVersion === undefined || (current.version ?? 0) === baseVersion) return AGAIN;
      throw editConflict(REPORT_TEXTS.conflict, presentReport(current, now));
    },
    busy,
  );

  async function saved(report: ReportDoc): Promise<Report> {
    const presented = presentReport(report, now);
    const room = schoolId.toHexString();
    realtime.toSchool(room, 'reports.saved', presented);
    if (ticked) realtime.toSchool(room, 'taskRounds.updated', await taskRounds(schoolId, date));
    return presented;
  }
}

const TICK_ATTEMPTS = 8;
const TEXT_ATTEMPTS = 4;

/** The school's labels as they read now, for the record of a new tick. */
async function roundLabels(schoolId: Types.ObjectId): Promise<LabelOf> {
  const labels = new Map<string, string>((await getTasksConfig(schoolId)).buttons.map((button) => [button.id, button.label]));
  return (taskId) => labels.get(taskId) ?? `Oppgave ${taskId}`;
}

/**
 * Adds a tick of one round to the supervisor's own report (at the time it was done, when it was
 * done off line), or takes back one of their own, merged with whatever else the report holds:
 * read, change, and write only if nothing was written in between (`writes`), else again. A tick
 * already recorded under its id, or nothing left to take back, leaves the report as it is.
 */
export async function tickMyTask(
  schoolId: Types.ObjectId,
  user: UserRecord,
  taskId: TaskId,
  body: TickTaskBody,
  now: Date,
  realtime: Realtime,
): Promise<Report> {
  const date = writableDay(body.date, now);
  const at = body.done ? tickTime(body.doneAt, date, now) : now;
  const _id = reportIdFor(schoolId, user._id, date);
  const Report = ReportModel.of(schoolId);
  const [awayStudents, labelOf] = await Promise.all([awayOnDay(schoolId, date), roundLabels(schoolId)]);
  const tick = newTick(taskId, at, labelOf, body.tickId);
  return inOrder(`report:${_id.toHexString()}`, () =>
    untilWritten(
      { tries: TICK_ATTEMPTS },
      async () => {
        const existing = await Report.findById(_id).lean<ReportDoc>();
        const ticks = ticksWithIds(existing);
        const changed = body.done
          ? ticks.some((known) => known.id === tick.id)
            ? null
            : withTick(ticks, tick)
          : withoutTick(ticks, taskId, body.tickId);
        if (!changed && existing) return presentReport(existing, now);
        const set = { taskTicks: changed ?? ticks, awayStudents, authorName: user.name };
        const report = existing
          ? await Report.findOneAndUpdate(
              { _id, writes: atCount(existing.writes) },
              { $set: set, $inc: { writes: 1 } },
              { new: true },
            ).lean<ReportDoc>()
          : await unlessDuplicate(
              async () =>
                (
                  await Report.create({ _id, schoolId, authorUserId: user._id, date, content: '', ...set, writes: 1 })
                ).toObject() as ReportDoc,
              () => null,
            );
        if (!report) return AGAIN;
        const presented = presentReport(report, now);
        const room = schoolId.toHexString();
        realtime.toSchool(room, 'reports.saved', presented);
        realtime.toSchool(room, 'taskRounds.updated', await taskRounds(schoolId, date));
        return presented;
      },
      busy,
    ),
  );
}

const busy = (): never => {
  throw conflict(REPORT_TEXTS.busy);
};

const REFRESH_ATTEMPTS = 8;

/**
 * The open report day's reports list who is away as the trips say now: called after any change of
 * the school's trips. A report written meanwhile is read again, so no list is left behind.
 * Reports of days that are over keep what they said when they locked.
 */
export async function refreshAwayLists(schoolId: Types.ObjectId, now: Date, realtime: Realtime): Promise<void> {
  const date = reportDay(now);
  const Report = ReportModel.of(schoolId);
  const reports = await Report.find({ schoolId, date }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
  for (const { _id } of reports) {
    await untilWritten(
      { tries: REFRESH_ATTEMPTS },
      async () => {
        const awayStudents = await awayOnDay(schoolId, date);
        const report = await Report.findById(_id).lean<ReportDoc>();
        if (!report || JSON.stringify(report.awayStudents) === JSON.stringify(awayStudents)) return undefined;
        const updated = await Report.findOneAndUpdate(
          { _id, writes: atCount(report.writes) },
          { $set: { awayStudents }, $inc: { writes: 1 } },
          { new: true },
        ).lean<ReportDoc>();
        if (!updated) return AGAIN;
        realtime.toSchool(schoolId.toHexString(), 'reports.saved', presentReport(updated, now));
        return undefined;
      },
      () => undefined,
    );
  }
}

/** The school's reports of the last seven report days, newest first. */
export async function recentReports(schoolId: Types.ObjectId, now: Date): Promise<Report[]> {
  const today = reportDay(now);
  const from = addDays(today, -(RECENT_DAYS - 1));
  // Kept presented: whether a report is locked depends only on the report day, which is in the key.
  return readThrough(schoolData(schoolId, ReportModel.modelName), `recent:${from}:${today}`, async () => {
    const reports = await ReportModel.of(schoolId)
      .find({ schoolId, date: trusted({ $gte: from, $lte: today }) })
      .lean<ReportDoc[]>();
    return reports.map((r) => presentReport(r, now)).sort((a, b) => compareDays(b.date, a.date) || b.updatedAt.localeCompare(a.updatedAt));
  });
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

/** Admin and Plattformadministrator correct any report's text, locked or not (on the version named, if one is). */
export async function updateReportContent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  id: string,
  content: string,
  baseVersion: number | undefined,
  now: Date,
  realtime: Realtime,
): Promise<Report> {
  const found = await findReport(schoolId, id);
  const report = await ReportModel.of(schoolId)
    .findOneAndUpdate(
      { _id: found._id, ...atVersion(baseVersion) },
      { $set: { content, editedBy: { userId: actor._id, name: actor.name, role: actor.role, at: now } }, $inc: { version: 1, writes: 1 } },
      { new: true },
    )
    .lean<ReportDoc>();
  if (!report) {
    const current = await ReportModel.of(schoolId).findById(found._id).lean<ReportDoc>();
    if (!current) throw notFound(REPORT_TEXTS.notFound);
    if (current.content === content) return presentReport(current, now);
    throw editConflict(REPORT_TEXTS.conflict, presentReport(current, now));
  }
  await audit(actor, 'report.edited', {
    id: report._id,
    name: `${report.authorName}, ${formatDayNo(report.date)}`,
    schoolId: report.schoolId,
  });
  const presented = presentReport(report, now);
  realtime.toSchool(report.schoolId.toHexString(), 'reports.saved', presented);
  return presented;
}

export async function deleteReport(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  id: string,
  now: Date,
  realtime: Realtime,
): Promise<{ id: string }> {
  const report = await findReport(schoolId, id);
  await ReportModel.of(report.schoolId).deleteOne({ _id: report._id });
  await deleteVersions(report.schoolId, report._id);
  await audit(actor, 'report.deleted', {
    id: report._id,
    name: `${report.authorName}, ${formatDayNo(report.date)}`,
    schoolId: report.schoolId,
  });
  const reportSchool = report.schoolId.toHexString();
  realtime.toSchool(reportSchool, 'reports.deleted', { id });
  if (report.date === reportDay(now)) realtime.toSchool(reportSchool, 'taskRounds.updated', await taskRounds(report.schoolId, report.date));
  return { id };
}
