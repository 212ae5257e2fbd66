import { z } from 'zod';
import { idSchema } from './common';
import { daySchema } from './day';

/**
 * Tonight's list (issue 47, its first part): the boarders expected in the houses on a report day,
 * from the register (issue 46), without those away on that day (on a trip by name or by id, or
 * with their class), with the sick marked: they are in their room. Grouped by house and room.
 */
export const tonightQuerySchema = z.object({
  date: daySchema,
  /** One house, or every house when left out. */
  house: z.string().trim().max(60).optional(),
  schoolId: idSchema.optional(),
});

export const tonightStudentSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  className: z.string(),
  /** On the day's sick list: in their room, not at the evening's activities. */
  sick: z.boolean(),
});
export type TonightStudent = z.infer<typeof tonightStudentSchema>;

export const tonightSchema = z.object({
  date: z.string(),
  /** Houses in name order ('' for boarders with no house), rooms in number order, students by name. */
  houses: z.array(
    z.object({
      house: z.string(),
      rooms: z.array(z.object({ room: z.string(), students: z.array(tonightStudentSchema) })),
    }),
  ),
  /** How many boarders are expected, how many of them are sick, and how many of the house(s) are away. */
  expected: z.number().int(),
  sick: z.number().int(),
  away: z.number().int(),
});
export type Tonight = z.infer<typeof tonightSchema>;
