import { z } from 'zod';
import { schoolScopeQuerySchema } from './classes';
import { idSchema, studentNameSchema } from './common';
import { formatDayNo } from './time';

/** GET and DELETE /api/admin/students/:name: everything about one student name, for a parent's request (GDPR). */
export const studentParamsSchema = z.object({ name: studentNameSchema });

const datedSchema = z.object({ date: z.string(), authorName: z.string() });

export const studentDataSchema = z.object({
  name: z.string(),
  exportedAt: z.string(),
  /** The school's register (issue 46): the student of that name, with what the register keeps about them. */
  register: z.array(
    z.object({
      className: z.string(),
      house: z.string(),
      room: z.string(),
      boarder: z.boolean(),
      externalId: z.string(),
      contactNote: z.string(),
      leftAt: z.string().nullable(),
    }),
  ),
  /** Each date the student was on the sick list, with the comment written then. */
  sick: z.array(z.object({ date: z.string(), comment: z.string() })),
  /** Roll calls (issue 47) that marked the student or named them as not found or not counted. */
  rollCalls: z.array(z.object({ date: z.string(), house: z.string(), state: z.string() })),
  /** Each trip the student was named on (classes are not people). */
  trips: z.array(z.object({ fromDate: z.string(), toDate: z.string() })),
  /** Daily reports that listed the student as away. */
  reportsListingAway: z.array(datedSchema),
  /** Daily reports whose own text mentions the name: free text, read and edited by a person. */
  reportsMentioning: z.array(datedSchema.extend({ content: z.string() })),
  /** Entries of the audit trail that name the student. */
  auditEntries: z.array(z.object({ at: z.string(), action: z.string(), detail: z.string() })),
  /** Earlier saved texts of daily reports (issue 44) that mention the name, though the report's text may no longer. */
  versionsMentioning: z.array(datedSchema.extend({ version: z.number().int(), content: z.string() })),
  /**
   * Issue 45: the first name the possible matches were looked for by (null for a name of one word,
   * which the full-name search covers), and how many other student names the school has stored
   * with that first name (on sick lists, trips and away lists): the office weighs each match.
   */
  firstName: z.string().nullable(),
  othersWithFirstName: z.number().int(),
  /** Daily reports whose text names the first name alone (whole word, any case), not the full name: for the office to decide. */
  possibleReports: z.array(datedSchema.extend({ id: z.string(), content: z.string() })),
});
export type StudentData = z.infer<typeof studentDataSchema>;

/** One register entry as the lookup and the parent's PDF say it: 'Klasse 1A · Nordtun, rom 12 · internatelev · …'. */
export function describeRegisterData(entry: StudentData['register'][number]): string {
  return [
    entry.className && `Klasse ${entry.className}`,
    entry.house && `${entry.house}${entry.room ? `, rom ${entry.room}` : ''}`,
    !entry.house && entry.room && `Rom ${entry.room}`,
    entry.boarder ? 'internatelev' : 'ikke internatelev',
    entry.externalId && `elevnummer ${entry.externalId}`,
    entry.contactNote && `kontakt: ${entry.contactNote}`,
    entry.leftAt && `sluttet ${formatDayNo(entry.leftAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const studentErasureSchema = z.object({
  /** The student's entries in the register (issue 46). */
  registerEntries: z.number().int(),
  sickLists: z.number().int(),
  trips: z.number().int(),
  /** Roll calls whose marks or findings held the student (issue 47). */
  rollCalls: z.number().int(),
  reports: z.number().int(),
  auditEntries: z.number().int(),
  /** Earlier saved texts of reports in which the name was replaced by ERASED_STUDENT. */
  versions: z.number().int(),
  /** Dates of reports whose text still mentions the name: the school edits those itself. */
  reportsMentioning: z.array(z.string()),
  /** Dates of reports that name the first name alone: never changed by the erasure, for the office to look at. */
  reportsPossiblyMentioning: z.array(z.string()),
});
export type StudentErasure = z.infer<typeof studentErasureSchema>;

/** What the erased name becomes where a record must stay (the audit trail). */
export const ERASED_STUDENT = '(slettet elev)';

/** The most possible matches a PDF can take (more than a school's reports of several years name one first name). */
export const MAX_CHOSEN_REPORTS = 500;

/**
 * GET /api/admin/students/:name/pdf: what is stored about the student as a PDF for a parent,
 * with the possible matches the office chose (report ids, comma-separated) and no others.
 */
export const studentPdfQuerySchema = schoolScopeQuerySchema.extend({
  reportIds: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(',') : []))
    .pipe(z.array(idSchema).max(MAX_CHOSEN_REPORTS, { error: `Velg høyst ${MAX_CHOSEN_REPORTS} rapporter` })),
});
