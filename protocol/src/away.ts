import { z } from 'zod';
import { daySchema } from './day';
import { idSchema, nameMapSchema, studentNameSchema } from './common';
import { baseVersionSchema, versionSchema } from './versions';

/** Away: students and classes on trips (spec §7). */

/** GET /api/away?activeOn= */
export const awayQuerySchema = z.object({ activeOn: daySchema, schoolId: idSchema.optional() });
export const awaySchema = z.object({
  names: z.array(z.string()),
  individualStudentNames: z.array(z.string()),
  /** Return date (toDate) by student name. */
  returnDates: nameMapSchema,
  /** Classes on a trip that day, by name, so the supervisor's list can show them. */
  classes: z.array(z.object({ id: idSchema, className: z.string(), returnDate: z.string() })),
});
export type Away = z.infer<typeof awaySchema>;

/** A trip (away entry), as GET /api/away/all lists it and the trips.* events carry it. */
export const tripSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  fromDate: z.string(),
  toDate: z.string(),
  studentNames: z.array(z.string()),
  classIds: z.array(idSchema),
  updatedAt: z.string(),
  /** Counts every change: an edit may name the version it was made from (protocol/versions.ts). */
  version: versionSchema,
  /** The spec's own fields (§3): the two lists JSON-encoded, for a client that decodes them. */
  studentNamesJSON: z.string(),
  classIdsJSON: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const AWAY_TEXTS = {
  conflict: 'Reisen er endret av noen andre siden du åpnet den',
  datesOrder: 'Fra-dato kan ikke være etter til-dato',
  unknownClass: 'Ukjent klasse',
  archived: 'Arkiverte reiser kan ikke endres',
  tripNotFound: 'Fant ikke reisen',
  emptyTrip: 'En reise må ha minst én elev eller klasse',
} as const;

const datesInOrder: [(v: { fromDate: string; toDate: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.fromDate <= v.toDate,
  { message: AWAY_TEXTS.datesOrder, path: ['toDate'] },
];

/** POST /api/away/add: one student (or, unused by the client, several). */
export const addAwayStudentBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    studentName: studentNameSchema.optional(),
    studentNames: z.array(studentNameSchema).max(500).optional(),
  })
  .refine(...datesInOrder)
  .refine((v) => v.studentName !== undefined || (v.studentNames?.length ?? 0) > 0, {
    message: 'Navn må fylles ut',
    path: ['studentName'],
  });
/** POST /api/away/classes */
export const addAwayClassesBodySchema = z
  .object({ fromDate: daySchema, toDate: daySchema, classIds: z.array(idSchema).min(1, 'Velg minst én klasse').max(200) })
  .refine(...datesInOrder);
/** PUT /api/away/trip/{id} */
export const updateTripBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    studentNames: z.array(studentNameSchema).max(500),
    classIds: z.array(idSchema).max(200),
    baseVersion: baseVersionSchema,
  })
  .refine(...datesInOrder);
export type UpdateTripBody = z.infer<typeof updateTripBodySchema>;
export const awayClassesQuerySchema = z.object({ activeOn: daySchema, schoolId: idSchema.optional() });
export const awayClassesSchema = z.object({ classIds: z.array(idSchema) });
export type AwayClasses = z.infer<typeof awayClassesSchema>;
export const tripsSchema = z.array(tripSchema);
export const studentNameParamsSchema = z.object({ name: studentNameSchema });
export const classIdParamsSchema = z.object({ classId: idSchema });
