import { z } from 'zod';
import { idSchema } from './common';

/**
 * The evacuation list ('Evakuering', issue 47): everyone who should be on the premises when it is
 * started (tonight's boarders by house, and the staff signed in), marked 'I sikkerhet' one by one
 * by every staff device of the school at once. A drill ('Øvelse') leaves a timed report.
 */
export const EVACUATION_TEXTS = {
  notFound: 'Fant ikke evakueringen',
  ended: 'Evakueringen er avsluttet',
  notOnList: 'Personen er ikke på evakueringslisten',
  staffHouse: 'Ansatte på vakt',
} as const;

/** Someone on the list: a boarder (the register's id) or a member of staff (their user id). */
export const evacueeSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(['student', 'staff']),
  /** The boarder's house ('' for none); for staff, EVACUATION_TEXTS.staffHouse. */
  house: z.string(),
  room: z.string(),
});
export type Evacuee = z.infer<typeof evacueeSchema>;

/** 'I sikkerhet': who marked it and when (on the phone, off line: when it was made). */
export const safeMarkSchema = z.object({ personId: idSchema, byName: z.string(), at: z.string() });
export type SafeMark = z.infer<typeof safeMarkSchema>;

export const evacuationSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  /** The report day it was started on. */
  date: z.string(),
  drill: z.boolean(),
  startedAt: z.string(),
  startedByName: z.string(),
  endedAt: z.string().nullable(),
  endedByName: z.string().nullable(),
  /** Who should be on the premises, as it was when the evacuation started. */
  people: z.array(evacueeSchema),
  /** Those marked safe (the last mark of each, 'not safe' leaves none). */
  safe: z.array(safeMarkSchema),
  updatedAt: z.string(),
});
export type Evacuation = z.infer<typeof evacuationSchema>;
export const evacuationsSchema = z.array(evacuationSchema);

/** POST /api/evacuations: starts one (one at a time per school; one under way is answered). Off line: the phone's id and time. */
export const startEvacuationBodySchema = z.object({
  drill: z.boolean().optional().default(false),
  id: idSchema.optional(),
  startedAt: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
});
export const evacuationsQuerySchema = z.object({ schoolId: idSchema.optional() });

/** PUT /api/evacuations/{id}/people/{personId}: 'I sikkerhet' or taken back. */
export const evacueeMarkBodySchema = z.object({
  safe: z.boolean(),
  at: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
});
export const evacueeMarkParamsSchema = z.object({ id: idSchema, personId: idSchema });

/** One person's mark as it stands after a write; 'evacuations.marked' carries it to every device. */
export const evacueeMarkSchema = z.object({
  evacuationId: idSchema,
  schoolId: idSchema,
  personId: idSchema,
  safe: z.boolean(),
  byName: z.string(),
  at: z.string(),
  updatedAt: z.string(),
});
export type EvacueeMark = z.infer<typeof evacueeMarkSchema>;

/** The evacuation with one person's mark as the server says it now; unchanged if the mark is older than the one it has. */
export function withEvacueeMark(evacuation: Evacuation, mark: EvacueeMark): Evacuation {
  const current = evacuation.safe.find((m) => m.personId === mark.personId);
  if (current && current.at > mark.at) return evacuation;
  const others = evacuation.safe.filter((m) => m.personId !== mark.personId);
  const { personId, byName, at } = mark;
  return {
    ...evacuation,
    safe: mark.safe ? [...others, { personId, byName, at }] : others,
    updatedAt: mark.updatedAt > evacuation.updatedAt ? mark.updatedAt : evacuation.updatedAt,
  };
}

/** How many on the list are not yet accounted for. */
export function notAccountedFor(evacuation: {
  people: readonly Pick<Evacuee, 'id'>[];
  safe: readonly Pick<SafeMark, 'personId'>[];
}): number {
  const safe = new Set(evacuation.safe.map((m) => m.personId));
  return evacuation.people.filter((p) => !safe.has(p.id)).length;
}

/** A length of time as the drill's report says it: '4 min 12 s'. */
export function formatDurationNo(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}
