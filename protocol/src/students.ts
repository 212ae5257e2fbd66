import { z } from 'zod';
import { studentNameSchema } from './common';

/** GET and DELETE /api/admin/students/:name: everything about one student name, for a parent's request (GDPR). */
export const studentParamsSchema = z.object({ name: studentNameSchema });

const datedSchema = z.object({ date: z.string(), authorName: z.string() });

export const studentDataSchema = z.object({
  name: z.string(),
  exportedAt: z.string(),
  /** Each date the student was on the sick list, with the comment written then. */
  sick: z.array(z.object({ date: z.string(), comment: z.string() })),
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
});
export type StudentData = z.infer<typeof studentDataSchema>;

export const studentErasureSchema = z.object({
  sickLists: z.number().int(),
  trips: z.number().int(),
  reports: z.number().int(),
  auditEntries: z.number().int(),
  /** Earlier saved texts of reports in which the name was replaced by ERASED_STUDENT. */
  versions: z.number().int(),
  /** Dates of reports whose text still mentions the name: the school edits those itself. */
  reportsMentioning: z.array(z.string()),
});
export type StudentErasure = z.infer<typeof studentErasureSchema>;

/** What the erased name becomes where a record must stay (the audit trail). */
export const ERASED_STUDENT = '(slettet elev)';
