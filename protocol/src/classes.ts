import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';

export const CLASS_NAME_MAX_LENGTH = 60;

export const classSchema = z.object({
  id: idSchema,
  className: z.string(),
  /** Which school it belongs to: the platform room hears every school's classes. */
  schoolId: idSchema,
  updatedAt: z.string(),
});
export type SchoolClass = z.infer<typeof classSchema>;
export const classesSchema = z.array(classSchema);

export const createClassBodySchema = z.object({
  className: z
    .string({ error: 'Klassenavn må fylles ut' })
    .trim()
    .min(1, 'Klassenavn må fylles ut')
    .max(CLASS_NAME_MAX_LENGTH, `Klassenavnet kan være maks ${CLASS_NAME_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
});
export type CreateClassBody = z.infer<typeof createClassBodySchema>;

/** PUT /api/admin/classes/{id}: a new name, checked as a new class's is (issue 45). */
export const renameClassBodySchema = createClassBodySchema;
export type RenameClassBody = CreateClassBody;

/**
 * School-scoped admin routes: an Admin always works on their own school; the
 * Plattformadministrator names the school with ?schoolId=.
 */
export const schoolScopeQuerySchema = z.object({ schoolId: idSchema.optional() });
