import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { compareNames } from './collation';

export const ROOM_NUMBER_MAX_LENGTH = 30;
export const DESCRIPTION_MAX_LENGTH = 2000;

export const MAINTENANCE_STATUSES = ['pending', 'completed', 'rejected'] as const;
export const maintenanceStatusSchema = z.enum(MAINTENANCE_STATUSES, { error: 'Status må være pending, completed eller rejected' });
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

export const MAINTENANCE_TEXTS = {
  roomRequired: 'Romnummer er påkrevd',
  descriptionRequired: 'Beskrivelse er påkrevd',
  alreadyCompleted: 'Oppgaven er allerede fullført',
  alreadyRejected: 'Oppgaven er allerede avslått',
  notFound: 'Fant ikke oppgaven',
  keyReused: 'Denne Idempotency-Key er allerede brukt for en annen sak',
  keyOfDeleted: 'Saken er slettet',
} as const;

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

export const maintenanceListQuerySchema = z.object({
  status: maintenanceStatusSchema.optional(),
  schoolId: idSchema.optional(),
});

/** How a case is named on its card, in its dialog and in its notifications: 'Rom 214'. */
export const roomLabel = (task: { roomNumber: string }): string => `Rom ${task.roomNumber}`;

/** Room numbers sort as numbers where they are numbers: '2' before '10'. */
export function compareRoomNumbers(a: string, b: string): number {
  return compareNames(a, b);
}
