import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { daySchema } from './day';

/**
 * A roll call ('Opptelling', issue 47): a house's (or every house's) boarders of tonight's list
 * counted by one or more supervisors at once. Per student the last mark wins, each with who and
 * when; a mark made off line carries the time it was made.
 */
export const ROLL_CALL_TEXTS = {
  notFound: 'Fant ikke opptellingen',
  finished: 'Opptellingen er avsluttet',
  noteNeeded: 'Skriv hva som ble gjort med elevene som ikke er telt eller ikke ble funnet',
  notOnList: 'Eleven er ikke på listen for denne opptellingen',
} as const;

export const MARK_STATES = ['present', 'missing'] as const;
export const ROLL_CALL_NOTE_MAX_LENGTH = 1000;

export const rollCallMarkSchema = z.object({
  studentId: idSchema,
  state: z.enum(MARK_STATES),
  byName: z.string(),
  at: z.string(),
});
export type RollCallMark = z.infer<typeof rollCallMarkSchema>;

export const rollCallSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  /** The report day it belongs to. */
  date: z.string(),
  /** '' for every house. */
  house: z.string(),
  startedAt: z.string(),
  startedByName: z.string(),
  finishedAt: z.string().nullable(),
  finishedByName: z.string().nullable(),
  note: z.string(),
  marks: z.array(rollCallMarkSchema),
  updatedAt: z.string(),
});
export type RollCall = z.infer<typeof rollCallSchema>;
export const rollCallsSchema = z.array(rollCallSchema);

/** POST /api/roll-calls: starts the day's roll of a house (or all), or answers the one under way. */
export const startRollCallBodySchema = z.object({
  date: daySchema,
  house: z.string().trim().max(60).refine(withoutControlCharacters, NO_CONTROL_CHARACTERS).optional().default(''),
});
export const rollCallsQuerySchema = z.object({ date: daySchema, schoolId: idSchema.optional() });

/** PUT /api/roll-calls/{id}/marks/{studentId}: 'none' takes a mark back; `at` is when it was made (off line, earlier). */
export const markBodySchema = z.object({
  state: z.enum([...MARK_STATES, 'none']),
  at: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
});
export const markParamsSchema = z.object({ id: idSchema, studentId: idSchema });

/** POST /api/roll-calls/{id}/finish: a note is needed when someone is unmarked or not found. */
export const finishRollCallBodySchema = z.object({
  note: z
    .string()
    .trim()
    .max(ROLL_CALL_NOTE_MAX_LENGTH, `Notatet kan være maks ${ROLL_CALL_NOTE_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS)
    .optional()
    .default(''),
});
