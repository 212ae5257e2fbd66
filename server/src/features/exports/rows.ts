import type { Types } from 'mongoose';
import { formatDayNo, formatTimestampNo, isLockedOnReportDay, OSLO_TIME_ZONE, reportDay } from '#protocol/time';
import { formatInTimeZone } from 'date-fns-tz';
import { ReportModel } from '../reports/model';
import { getTasksConfig } from '../taskButtons/service';
import { trusted } from '../../db/trusted';
import type { RollCallLine } from './rollCallLines';

/** One report as every export writes it (DECISIONS 'Weeks and exports'). */
export type ExportRow = {
  day: string;
  date: string;
  author: string;
  authorId: string;
  tasks: string;
  away: string;
  locked: string;
  text: string;
  /** 'Admin A, 28. november 2026 kl. 10:15' when an Admin corrected the text; '' otherwise. */
  editedBy: string;
};

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
  /** The school's finished roll calls of the period (issue 47); none in an export of one author. */
  rollCalls: RollCallLine[];
};

/** Which reports an export holds. */
export type ExportFilter = { from: string; to: string; userId?: string };

const READ_FIELDS = { _id: 0, date: 1, authorName: 1, authorUserId: 1, taskTicks: 1, awayStudents: 1, content: 1, editedBy: 1 } as const;

/** What a row is made of, as the cursor reads it. */
type ReportRead = {
  date: string;
  authorName: string;
  authorUserId: Types.ObjectId;
  taskTicks: ReadonlyArray<{ taskId: string; at: Date; label?: string | null }>;
  awayStudents?: string[] | null;
  content?: string | null;
  editedBy?: { name?: string | null; at?: Date | null } | null;
};

/**
 * The school's reports of the range (of one author), shaped for the writers, in the order the
 * database reads them: the export worker puts them in the pages' order (inPagesOrder). Asked to
 * sort a range, FerretDB reads and sorts all of it before its first answer, a burst that takes
 * both of a small machine's cores; unsorted, it reads as the cursor asks, between other requests.
 * Each round done is shown by the label it was done under, with the times it was done
 * ('Tilsynsrunde kl. 22:00, 00:05; Kveldsmat kl. 21:30').
 */
export async function* exportRows(schoolId: Types.ObjectId, { from, to, userId }: ExportFilter, now: Date): AsyncGenerator<ExportRow> {
  const today = reportDay(now);
  const labels = new Map<string, string>((await getTasksConfig(schoolId)).buttons.map((b) => [b.id, b.label]));
  const cursor = ReportModel.of(schoolId)
    .find({ schoolId, date: trusted({ $gte: from, $lte: to }), ...(userId ? { authorUserId: userId } : {}) }, READ_FIELDS)
    .batchSize(500)
    .lean<ReportRead>()
    .cursor();
  for await (const report of cursor) {
    yield {
      day: report.date,
      date: formatDayNo(report.date),
      author: report.authorName,
      authorId: report.authorUserId.toHexString(),
      tasks: roundsWithTimes(report.taskTicks, labels),
      away: (report.awayStudents ?? []).join(', '),
      locked: isLockedOnReportDay(report.date, today) ? 'Ja' : 'Nei',
      text: report.content ?? '',
      editedBy: report.editedBy?.at ? `${report.editedBy.name ?? ''}, ${formatTimestampNo(report.editedBy.at)}` : '',
    };
  }
}

/** The rounds of a report in task order, each with its label and the Oslo times it was done. */
function roundsWithTimes(ticks: ReportRead['taskTicks'], labels: ReadonlyMap<string, string>): string {
  const byRound = new Map<string, { label: string; times: Date[] }>();
  for (const tick of [...ticks].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const round = byRound.get(tick.taskId) ?? { label: tick.label || labels.get(tick.taskId) || `Oppgave ${tick.taskId}`, times: [] };
    round.times.push(tick.at);
    byRound.set(tick.taskId, round);
  }
  return [...byRound.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, { label, times }]) => `${label} kl. ${times.map((at) => formatInTimeZone(at, OSLO_TIME_ZONE, 'HH:mm')).join(', ')}`)
    .join('; ');
}
