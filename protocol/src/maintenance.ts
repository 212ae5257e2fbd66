import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { compareNames } from './collation';

export const ROOM_NUMBER_MAX_LENGTH = 30;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const REJECT_REASON_MAX_LENGTH = 500;

export const MAINTENANCE_STATUSES = ['pending', 'completed', 'rejected'] as const;
export const maintenanceStatusSchema = z.enum(MAINTENANCE_STATUSES, { error: 'Status må være pending, completed eller rejected' });
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

export const MAINTENANCE_TEXTS = {
  roomRequired: 'Romnummer er påkrevd',
  descriptionRequired: 'Beskrivelse er påkrevd',
  alreadyCompleted: 'Saken er allerede fullført',
  alreadyRejected: 'Saken er allerede avslått',
  notFound: 'Fant ikke saken',
  keyReused: 'Denne Idempotency-Key er allerede brukt for en annen sak',
  keyOfDeleted: 'Saken er slettet',
  notClosed: 'Saken er ikke fullført eller avslått, så den kan ikke gjenåpnes',
} as const;

/** What happened to a case, in its history: sent, completed, rejected (with the reason given), reopened. */
export const CASE_ACTIONS = ['created', 'completed', 'rejected', 'reopened'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export const caseEventSchema = z.object({
  action: z.enum(CASE_ACTIONS),
  byName: z.string(),
  at: z.string(),
  /** A rejection's reason, if one was given; null otherwise. */
  reason: z.string().nullable(),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

export const maintenanceTaskSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  roomNumber: z.string(),
  description: z.string(),
  status: maintenanceStatusSchema,
  createdByName: z.string(),
  createdAt: z.string(),
  completedByName: z.string().nullable(),
  completedAt: z.string().nullable(),
  rejectedByName: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** Why the case was rejected, as the caretaker wrote it ('' is stored as null); null while not rejected. */
  rejectReason: z.string().nullable(),
  /** Everything that happened to the case, oldest first (issue 44: a reopened case keeps its earlier outcomes). */
  history: z.array(caseEventSchema),
  updatedAt: z.string(),
});
export type MaintenanceTask = z.infer<typeof maintenanceTaskSchema>;
export const maintenanceTasksSchema = z.array(maintenanceTaskSchema);

/** POST /api/maintenance-tasks and /submit: both fields trimmed, required and capped. */
export const createMaintenanceTaskBodySchema = z.object({
  roomNumber: z
    .string({ error: MAINTENANCE_TEXTS.roomRequired })
    .trim()
    .min(1, MAINTENANCE_TEXTS.roomRequired)
    .max(ROOM_NUMBER_MAX_LENGTH, `Romnummeret kan være maks ${ROOM_NUMBER_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
  description: z
    .string({ error: MAINTENANCE_TEXTS.descriptionRequired })
    .trim()
    .min(1, MAINTENANCE_TEXTS.descriptionRequired)
    .max(DESCRIPTION_MAX_LENGTH, `Beskrivelsen kan være maks ${DESCRIPTION_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
});
export type CreateMaintenanceTaskBody = z.infer<typeof createMaintenanceTaskBodySchema>;

/**
 * PUT /api/maintenance-tasks/{id}/reject: the spec sends no body (Fastify gives null); the app may send a reason
 * (optional, trimmed, '' as none).
 */
export const rejectReasonSchema = z.object({
  reason: z
    .string({ error: 'Begrunnelsen må være tekst' })
    .trim()
    .max(REJECT_REASON_MAX_LENGTH, `Begrunnelsen kan være maks ${REJECT_REASON_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS)
    .optional(),
});
export const rejectMaintenanceTaskBodySchema = rejectReasonSchema.nullish();
export type RejectMaintenanceTaskBody = z.infer<typeof rejectMaintenanceTaskBodySchema>;

export const maintenanceListQuerySchema = z.object({
  status: maintenanceStatusSchema.optional(),
  schoolId: idSchema.optional(),
});

/**
 * How a case is named on its card, in its dialog and in its notifications: the place as it was
 * typed ('214', 'Gymsal'), never prefixed with 'Rom' (issue 44: 'Rom Gymsal').
 */
export const roomLabel = (task: { roomNumber: string }): string => task.roomNumber;

/** The sender's list of the cases they sent (issue 44). */
export const OWN_CASES_PATH = '/mine-saker';

/** Room numbers sort as numbers where they are numbers: '2' before '10'. */
export function compareRoomNumbers(a: string, b: string): number {
  return compareNames(a, b);
}
