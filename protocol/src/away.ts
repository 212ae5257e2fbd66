import { z } from 'zod';
import { daySchema } from './day';
import { idSchema, nameMapSchema, NO_CONTROL_CHARACTERS, studentNameSchema, withoutControlCharacters } from './common';
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
  classes: z.array(z.object({ id: idSchema, className: z.string(), returnDate: z.string(), tripName: z.string().optional() })),
  /** The name of the trip a student is on that day ('Skitur Hemsedal'), for named trips only (issue 45). */
  tripNames: nameMapSchema.optional(),
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
  /** The trip's name ('Skitur Hemsedal'), when it has one (issue 45). */
  name: z.string().optional(),
  /** The register's id of each student chosen from it (issue 46), by name; a name typed freely has none. */
  studentIds: nameMapSchema.optional(),
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

/** Names chosen from the register with their ids (issue 46): a name map whose values are ids. */
const studentIdsSchema = nameMapSchema.refine((map) => Object.values(map).every((id) => /^[0-9a-f]{24}$/i.test(id)), 'Ugyldig id');

export const TRIP_NAME_MAX_LENGTH = 80;
/** A trip's name as the office types it; blank means no name. */
export const tripNameSchema = z
  .string({ error: 'Navnet på reisen må være tekst' })
  .trim()
  .max(TRIP_NAME_MAX_LENGTH, `Navnet på reisen kan være maks ${TRIP_NAME_MAX_LENGTH} tegn`)
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

const datesInOrder: [(v: { fromDate: string; toDate: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.fromDate <= v.toDate,
  { message: AWAY_TEXTS.datesOrder, path: ['toDate'] },
];

/**
 * POST /api/away/add: one student (or several, one trip). tripName (not in the spec, optional)
 * joins or starts the trip of these dates with that name; without it, the trip of these dates.
 */
export const addAwayStudentBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    studentName: studentNameSchema.optional(),
    studentNames: z.array(studentNameSchema).max(500).optional(),
    tripName: tripNameSchema.optional(),
    /** Not in the spec: the register's ids of the students chosen from it, by name (issue 46). */
    studentIds: studentIdsSchema.optional(),
  })
  .refine(...datesInOrder)
  .refine((v) => v.studentName !== undefined || (v.studentNames?.length ?? 0) > 0, {
    message: 'Navn må fylles ut',
    path: ['studentName'],
  });
/** POST /api/away/classes */
export const addAwayClassesBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    classIds: z.array(idSchema).min(1, 'Velg minst én klasse').max(200),
    tripName: tripNameSchema.optional(),
  })
  .refine(...datesInOrder);
/** PUT /api/away/trip/{id}. tripName (optional): left out keeps the name, blank takes it away. */
export const updateTripBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    studentNames: z.array(studentNameSchema).max(500),
    classIds: z.array(idSchema).max(200),
    tripName: tripNameSchema.optional(),
    /** The register's ids by name (issue 46); left out, the trip keeps the links of the names it keeps. */
    studentIds: studentIdsSchema.optional(),
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
