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
  everyHouse: 'Alle internat',
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

/** What a finished roll found, kept as it was when it ended: the day's record (report, exports). */
export const rollResultSchema = z.object({
  expected: z.number().int(),
  present: z.number().int(),
  missing: z.number().int(),
  unmarked: z.number().int(),
  /** Names, as tonight's list had them: marked 'Ikke funnet', and not marked at all. */
  notFound: z.array(z.string()),
  uncounted: z.array(z.string()),
});
export type RollResult = z.infer<typeof rollResultSchema>;

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
  /** Set when the roll is finished. */
  result: rollResultSchema.nullable(),
  updatedAt: z.string(),
});
export type RollCall = z.infer<typeof rollCallSchema>;
export const rollCallsSchema = z.array(rollCallSchema);

/**
 * POST /api/roll-calls: starts the day's roll of a house (or all), or answers the one under way.
 * A roll started off line sends the id the phone gave it and when it was started: sent again, it
 * is the same roll; if another phone started the house meanwhile, the answer is that one.
 */
export const startRollCallBodySchema = z.object({
  date: daySchema,
  house: z.string().trim().max(60).refine(withoutControlCharacters, NO_CONTROL_CHARACTERS).optional().default(''),
  id: idSchema.optional(),
  startedAt: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
});
export const rollCallsQuerySchema = z.object({ date: daySchema, schoolId: idSchema.optional() });

/** PUT /api/roll-calls/{id}/marks/{studentId}: 'none' takes a mark back; `at` is when it was made (off line, earlier). */
export const markBodySchema = z.object({
  state: z.enum([...MARK_STATES, 'none']),
  at: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
});
export const markParamsSchema = z.object({ id: idSchema, studentId: idSchema });

/**
 * One student's mark as it stands after a write (PUT …/marks/{studentId} answers it; the event
 * 'rollCalls.marked' carries it to the other phones): small, so a roll of 600 marked by ten phones
 * at once sends a mark, never the whole roll. 'none': no mark (taken back). A mark made off line
 * earlier than the one there is answered with the one there.
 */
export const rollMarkSchema = z.object({
  rollCallId: idSchema,
  schoolId: idSchema,
  date: z.string(),
  studentId: idSchema,
  state: z.enum([...MARK_STATES, 'none']),
  byName: z.string(),
  at: z.string(),
  /** The roll's updatedAt after the write. */
  updatedAt: z.string(),
});
export type RollMark = z.infer<typeof rollMarkSchema>;

/** A roll with one student's mark as the server says it now; the roll as it was if the mark is older than the one it has. */
export function withRollMark(call: RollCall, mark: RollMark): RollCall {
  const current = call.marks.find((m) => m.studentId === mark.studentId);
  if (current && current.at > mark.at) return call;
  const others = call.marks.filter((m) => m.studentId !== mark.studentId);
  const { studentId, byName, at } = mark;
  return {
    ...call,
    marks: mark.state === 'none' ? others : [...others, { studentId, state: mark.state, byName, at }],
    updatedAt: mark.updatedAt > call.updatedAt ? mark.updatedAt : call.updatedAt,
  };
}

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

/** A roll's counts over tonight's list: a mark for someone no longer on it (moved to a trip) does not count. */
export type RollCounts = { expected: number; present: number; missing: number; unmarked: number };

export function rollCounts(expected: readonly string[], marks: readonly Pick<RollCallMark, 'studentId' | 'state'>[]): RollCounts {
  const onList = new Set(expected);
  const stateOf = new Map(marks.filter((m) => onList.has(m.studentId)).map((m) => [m.studentId, m.state]));
  const present = [...stateOf.values()].filter((state) => state === 'present').length;
  const missing = stateOf.size - present;
  return { expected: onList.size, present, missing, unmarked: onList.size - present - missing };
}

/** '41 av 60 telt, 2 ikke funnet': what the roll's screen, the report and the trail say. */
export function rollCountText({ expected, present, missing }: RollCounts): string {
  return `${present} av ${expected} telt, ${missing} ikke funnet`;
}

/** The house a roll counts, as people say it. */
export function rollHouseName(house: string): string {
  return house || ROLL_CALL_TEXTS.everyHouse;
}
