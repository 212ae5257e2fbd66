import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { HEALTH_DATA_RETENTION_MAX_MONTHS } from './schools';

export const SCHOOL_NAME_MAX_LENGTH = 120;

export const schoolCountsSchema = z.object({
  users: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  deactivated: z.number().int(),
  admins: z.number().int(),
});
export type SchoolCounts = z.infer<typeof schoolCountsSchema>;

/** A school as the platform pages see it, with its user counts. */
export const platformSchoolSchema = z.object({
  id: idSchema,
  name: z.string(),
  active: z.boolean(),
  counts: schoolCountsSchema,
  /** Sick lists older than this many months are deleted. */
  healthDataRetentionMonths: z.number().int(),
  updatedAt: z.string(),
});
export type PlatformSchool = z.infer<typeof platformSchoolSchema>;
export const platformSchoolsSchema = z.array(platformSchoolSchema);

export const createSchoolBodySchema = z.object({
  name: z
    .string({ error: 'Skolenavn må fylles ut' })
    .trim()
    .min(1, 'Skolenavn må fylles ut')
    .max(SCHOOL_NAME_MAX_LENGTH, `Skolenavnet kan være maks ${SCHOOL_NAME_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
});
export type CreateSchoolBody = z.infer<typeof createSchoolBodySchema>;

export const updateSchoolBodySchema = z.object({ active: z.boolean({ error: 'active må være true eller false' }) });
export type UpdateSchoolBody = z.infer<typeof updateSchoolBodySchema>;

export const deletedSchema = z.object({ id: idSchema });
export type Deleted = z.infer<typeof deletedSchema>;

const RETENTION_MESSAGE = `Lagringstiden må være et helt antall måneder fra 1 til ${HEALTH_DATA_RETENTION_MAX_MONTHS}`;
const retentionMonthsSchema = z
  .number({ error: RETENTION_MESSAGE })
  .int(RETENTION_MESSAGE)
  .min(1, RETENTION_MESSAGE)
  .max(HEALTH_DATA_RETENTION_MAX_MONTHS, RETENTION_MESSAGE);
/** PUT /api/plattformadministrator/schools/:id/retention */
export const retentionBodySchema = z.object({ months: retentionMonthsSchema });
export type RetentionBody = z.infer<typeof retentionBodySchema>;
/** The same, typed into a form field. */
export const retentionFormSchema = z.object({
  months: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, RETENTION_MESSAGE)
    .transform(Number)
    .pipe(retentionMonthsSchema),
});
