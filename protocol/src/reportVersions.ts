import { z } from 'zod';
import { idSchema } from './common';

/**
 * Every saved text of a report is kept as a version (DECISIONS.md, 'Keeping what people type'):
 * who saved it, when, on which device. The report's writer and the school's administrators read
 * them; they go when the report goes.
 */
export const REPORT_VERSION_TEXTS = {
  title: 'Tidligere versjoner',
  notYours: 'Bare den som skrev rapporten og skolens administratorer kan lese tidligere versjoner',
  notFound: 'Versjonen finnes ikke',
} as const;

export const reportVersionSummarySchema = z.object({
  version: z.number().int().positive(),
  savedAt: z.string(),
  savedByName: z.string(),
  /** The device it was saved on, as the person's sign-in names it ('Chrome på Android'). */
  device: z.string(),
  /** How many characters the text has. */
  length: z.number().int().nonnegative(),
});
export type ReportVersionSummary = z.infer<typeof reportVersionSummarySchema>;

/** GET /api/reports/{id}/versions: newest first. */
export const reportVersionsSchema = z.object({ reportId: idSchema, versions: z.array(reportVersionSummarySchema) });
export type ReportVersions = z.infer<typeof reportVersionsSchema>;

/** GET /api/reports/{id}/versions/{version}: one saved text. */
export const reportVersionSchema = reportVersionSummarySchema.extend({ reportId: idSchema, content: z.string() });
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const reportVersionParamsSchema = z.object({
  id: idSchema,
  version: z.coerce
    .number({ error: 'Versjonen må være et tall' })
    .int('Versjonen må være et heltall')
    .positive('Versjonen må være 1 eller mer'),
});
