import { z } from 'zod';
import { daySchema, idSchema } from './common';

/** GET /api/sick?date= */
export const sickQuerySchema = z.object({ date: daySchema, schoolId: idSchema.optional() });
export const sickSchema = z.object({
  names: z.array(z.string()),
  comment: z.string(),
  studentComments: z.record(z.string(), z.string()),
});
export type Sick = z.infer<typeof sickSchema>;

/** GET /api/away?activeOn= */
export const awayQuerySchema = z.object({ activeOn: daySchema, schoolId: idSchema.optional() });
export const awaySchema = z.object({
  names: z.array(z.string()),
  individualStudentNames: z.array(z.string()),
  /** Return date (toDate) by student name. */
  returnDates: z.record(z.string(), z.string()),
  /** Classes on a trip that day, by name, so the supervisor's list can show them. */
  classes: z.array(z.object({ id: idSchema, className: z.string(), returnDate: z.string() })),
});
export type Away = z.infer<typeof awaySchema>;
