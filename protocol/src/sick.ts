import { z } from 'zod';
import { daySchema } from './day';
import { idSchema, nameMapSchema, studentNameSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';

/** GET /api/sick?date= */
export const sickQuerySchema = z.object({ date: daySchema, schoolId: idSchema.optional() });
export const sickSchema = z.object({
  names: z.array(z.string()),
  comment: z.string(),
  studentComments: nameMapSchema,
  /** Bumped by every change; PUT /api/sick may send it back so a stale list cannot overwrite a newer one. */
  revision: z.number().int().min(0),
  /** The register's id of each student chosen from it (issue 46), by name; a name typed freely has none. */
  studentIds: nameMapSchema.optional(),
});
export type Sick = z.infer<typeof sickSchema>;

/** The sick list of one date, as the sickLists.updated event carries it. */
export const sickListSchema = sickSchema.extend({ schoolId: idSchema, date: z.string() });
export type SickList = z.infer<typeof sickListSchema>;

export const SICK_COMMENT_MAX_LENGTH = 500;

export const SICK_TEXTS = {
  listChanged: 'Sykelisten er endret av noen andre. Prøv igjen.',
} as const;

const comment = z
  .string()
  .trim()
  .max(SICK_COMMENT_MAX_LENGTH, `Kommentaren kan være maks ${SICK_COMMENT_MAX_LENGTH} tegn`)
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

/** One sick student as the admin's form sends it. */
export const sickStudentSchema = z.object({
  name: studentNameSchema,
  comment: comment.optional().default(''),
  /** Not in the spec: the register's id of a student chosen from it (issue 46). */
  studentId: idSchema.optional(),
});
export type SickStudent = z.infer<typeof sickStudentSchema>;
/** POST /api/sick/add */
export const addSickBodySchema = sickStudentSchema.extend({ date: daySchema });
/** PUT /api/sick: the whole list of the date (the admin screen removes a student this way). */
export const replaceSickBodySchema = z.object({
  date: daySchema,
  students: z.array(sickStudentSchema).max(1000),
  revision: z.number().int().min(0).optional(),
});
