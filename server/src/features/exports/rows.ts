import type { Types } from 'mongoose';
import { formatDayNo, isLockedOnReportDay, reportDay } from '#protocol/time';
import { compareReportsByDay } from '#protocol/reportOrder';
import { ReportModel } from '../reports/model';
import { completedTasks } from '../reports/present';
import { getTasksConfig } from '../taskButtons/service';
import { trusted } from '../../db/trusted';

/** One report as every export writes it (DECISIONS 'Weeks and exports'). */
export type ExportRow = { day: string; date: string; author: string; tasks: string; away: string; locked: string; text: string };

/** What every format prints about the export besides its rows. */
export type ExportMeta = {
  school: string;
  /** '9. mars 2026 – 15. mars 2026' */
  period: string;
  from: string;
  to: string;
  /** The one author the export is limited to, if any. */
  author?: string;
  /** Who made the export, and when ('26. november 2026 kl. 09:15'). */
  madeBy: string;
  madeAt: string;
};

/** Which reports an export holds. */
export type ExportFilter = { from: string; to: string; userId?: string };

const READ_FIELDS = { _id: 0, date: 1, authorName: 1, authorUserId: 1, taskTicks: 1, awayStudents: 1, content: 1 } as const;

/** What a row is made of, as the cursor reads it. */
type ReportRead = {
  date: string;
  authorName: string;
  authorUserId: Types.ObjectId;
  taskTicks: ReadonlyArray<{ taskId: string }>;
  awayStudents?: string[] | null;
  content?: string | null;
};

/**
 * The school's reports of the range in the pages' order (compareReportsByDay), read from a cursor
 * by day so a long range never sits in memory whole: one day's reports at a time are sorted, since
 * the database orders names by their bytes (Å before Æ). Completed tasks are shown by the school's labels.
 */
export async function* exportRows(schoolId: Types.ObjectId, { from, to, userId }: ExportFilter, now: Date): AsyncGenerator<ExportRow> {
  const today = reportDay(now);
  const labels = new Map<string, string>((await getTasksConfig(schoolId)).buttons.map((b) => [b.id, b.label]));
  const row = (report: ReportRead): ExportRow => ({
    day: report.date,
    date: formatDayNo(report.date),
    author: report.authorName,
    tasks: completedTasks(report)
      .map((id) => labels.get(id) ?? `Oppgave ${id}`)
      .join(', '),
    away: (report.awayStudents ?? []).join(', '),
    locked: isLockedOnReportDay(report.date, today) ? 'Ja' : 'Nei',
    text: report.content ?? '',
  });
  const inOrder = (day: ReportRead[]) =>
    day
      .map((report) => ({ date: report.date, authorName: report.authorName, authorUserId: report.authorUserId.toHexString(), report }))
      .sort(compareReportsByDay)
      .map(({ report }) => row(report));

  const cursor = ReportModel.of(schoolId).find({ schoolId, date: trusted({ $gte: from, $lte: to }), ...(userId ? { authorUserId: userId } : {}) }, READ_FIELDS)
    .sort({ date: 1 })
    // Small batches: each is read and decoded between other requests, not a year at once.
    .batchSize(100)
    .lean()
    .cursor();
  let day: ReportRead[] = [];
  for await (const report of cursor) {
    if (day.length > 0 && day[0]!.date !== report.date) {
      yield* inOrder(day);
      day = [];
    }
    day.push(report);
  }
  yield* inOrder(day);
}
