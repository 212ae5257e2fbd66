import { z } from 'zod';
import { daySchema } from './day';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { taskIdSchema, TASK_IDS } from './taskButtons';
import { baseVersionSchema, versionSchema } from './versions';

export const REPORT_CONTENT_MAX_LENGTH = 20_000;

export const REPORT_TEXTS = {
  locked: 'Denne rapporten er låst',
  resetWindow: 'System under tilbakestilling (08:30-09:00)',
  wrongDay: 'Rapporten gjelder ikke dagens rapportdag',
  tooLong: `Rapporten kan være maks ${REPORT_CONTENT_MAX_LENGTH} tegn`,
  notFound: 'Rapport ikke funnet',
  conflict: 'Rapporten er endret et annet sted siden du hentet den',
  busy: 'Rapporten ble endret av mange samtidig. Prøv igjen.',
  tickInFuture: 'Tidspunktet for avkryssingen ligger fram i tid. Sjekk klokka på enheten.',
  tickOutsideDay: 'Tidspunktet for avkryssingen er utenfor rapportdagen, så den ble ikke lagret.',
} as const;

// A report's version counts the saves of its text (protocol/versions.ts); ticks and the away list
// merge on the server and leave it as it is.

/** One tick of a round: when, and the round's label as it read then (a later rename changes no report). */
export const reportTickSchema = z.object({
  id: z.string(),
  // Any stored round, not only today's six: a report keeps what an older client wrote.
  taskId: z.string(),
  label: z.string(),
  at: z.string(),
});
export type ReportTick = z.infer<typeof reportTickSchema>;

/** A report as the API presents it. Lists are lists here (the old client's JSON strings are not needed). */
/** Who corrected a report's text last, if an Admin (or the Plattformadministrator) did, and when. */
export const reportEditSchema = z.object({ name: z.string(), role: z.string(), at: z.string() });
export type ReportEdit = z.infer<typeof reportEditSchema>;

export const reportSchema = z.object({
  id: idSchema,
  date: z.string(),
  authorName: z.string(),
  authorUserId: idSchema,
  schoolId: idSchema,
  content: z.string(),
  completedTasks: z.array(z.string()),
  /** Every tick of the report in time order (a round may be done several times a night). */
  ticks: z.array(reportTickSchema),
  awayStudents: z.array(z.string()),
  locked: z.boolean(),
  updatedAt: z.string(),
  version: versionSchema,
  /** Absent or null while only its author has written it. */
  editedBy: reportEditSchema.nullish(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportsSchema = z.array(reportSchema);

/** GET /api/reports/my: the signed-in supervisor's report for a day, existing or not yet written. */
export const myReportSchema = z.object({
  id: idSchema.nullable(),
  date: z.string(),
  content: z.string(),
  completedTasks: z.array(z.string()),
  ticks: z.array(reportTickSchema),
  awayStudents: z.array(z.string()),
  locked: z.boolean(),
  /** 08:30–09:00 Oslo: read-only for supervisors. */
  resetWindow: z.boolean(),
  /** The day the server accepts writes for right now. */
  reportDay: z.string(),
  updatedAt: z.string().nullable(),
  /** 0 while the day has no text saved. */
  version: versionSchema,
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportQuerySchema = z.object({ date: daySchema.optional() });

const contentSchema = z
  .string({ error: 'Rapportteksten må være tekst' })
  .max(REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS.tooLong)
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

/**
 * A list as the spec's client may send it: a list, or the list JSON-encoded (spec §3 stores
 * completedTasks and awayStudents so).
 */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z.array(item, { error: 'Må være en liste' }).max(max),
  );
}

/**
 * PUT /api/reports/my, the spec's body: the text and, when sent, the ticked rounds (each keeps the
 * time it was first ticked). The away list is the server's (the day's trips): a sent one is
 * accepted and not stored. `baseVersion`: the version the text was written from (the app's client
 * always names it).
 */
export const saveMyReportBodySchema = z.object({
  date: daySchema,
  content: contentSchema,
  completedTasks: listOf(taskIdSchema, TASK_IDS.length * 4).optional(),
  awayStudents: listOf(z.string().max(1000), 2000).optional(),
  baseVersion: baseVersionSchema,
});
export type SaveMyReportBody = z.infer<typeof saveMyReportBodySchema>;

/** A tick's id, made by the client so that a tick sent twice (a retry, the outbox) is recorded once. */
export const tickIdSchema = z.string({ error: 'Ugyldig avkryssing' }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Ugyldig avkryssing' });

/**
 * PUT /api/reports/my/tasks/{taskId}, merged with the rest of the report. `done: true` adds a tick
 * (the same `tickId` twice is one tick), at `doneAt` when it was made off line, else now;
 * `done: false` takes back my latest tick of the round, or the one `tickId` names.
 */
export const tickTaskParamsSchema = z.object({ taskId: taskIdSchema });
export const tickTaskBodySchema = z.object({
  date: daySchema,
  done: z.boolean(),
  doneAt: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
  tickId: tickIdSchema.optional(),
});
export type TickTaskBody = z.infer<typeof tickTaskBodySchema>;

export const updateReportBodySchema = z.object({ content: contentSchema, baseVersion: baseVersionSchema });
export type UpdateReportBody = z.infer<typeof updateReportBodySchema>;

/** GET /api/reports/recent7 entries. */
export const recentReportSchema = reportSchema.pick({ id: true, date: true, authorName: true, completedTasks: true, updatedAt: true });
export const recentReportsSchema = z.array(recentReportSchema);

/** The shared board: every tick of the report day, of every supervisor, in time order. */
export const taskRoundSchema = z.object({
  taskId: taskIdSchema,
  userId: idSchema,
  userName: z.string(),
  at: z.string(),
  tickId: z.string(),
});
export const taskRoundsSchema = z.object({ schoolId: idSchema, date: z.string(), rounds: z.array(taskRoundSchema) });
export type TaskRounds = z.infer<typeof taskRoundsSchema>;
