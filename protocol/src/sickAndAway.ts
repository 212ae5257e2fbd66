import { z } from 'zod';
import { daySchema, idSchema, nameMapSchema } from './common';
import { STUDENT_NAME_MAX_LENGTH } from './reports';

/** GET /api/sick?date= */
export const sickQuerySchema = z.object({ date: daySchema, schoolId: idSchema.optional() });
export const sickSchema = z.object({
  names: z.array(z.string()),
  comment: z.string(),
  studentComments: nameMapSchema,
  /** Bumped by every change; PUT /api/sick may send it back so a stale list cannot overwrite a newer one. */
  revision: z.number().int().min(0),
});
export type Sick = z.infer<typeof sickSchema>;

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

/** The sick list of one date, as the sickLists.updated event carries it. */
export const sickListSchema = sickSchema.extend({ schoolId: idSchema, date: z.string() });
export type SickList = z.infer<typeof sickListSchema>;

/** A trip (away entry), as GET /api/away/all lists it and the trips.* events carry it. */
export const tripSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  fromDate: z.string(),
  toDate: z.string(),
  studentNames: z.array(z.string()),
  classIds: z.array(idSchema),
  updatedAt: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const SICK_COMMENT_MAX_LENGTH = 500;

export const AWAY_TEXTS = {
  datesOrder: 'Fra-dato kan ikke være etter til-dato',
  unknownClass: 'Ukjent klasse',
  archived: 'Arkiverte reiser kan ikke endres',
  tripNotFound: 'Fant ikke reisen',
  emptyTrip: 'En reise må ha minst én elev eller klasse',
} as const;

export const SICK_TEXTS = {
  listChanged: 'Sykelisten er endret av noen andre. Prøv igjen.',
} as const;

// A name holds a letter or a digit: one of only dots would also be a path segment browsers drop
// from DELETE /api/away/student/{name} ('.' and '..' are navigation, even percent-encoded).
const studentName = z
  .string({ error: 'Navn må fylles ut' })
  .trim()
  .min(1, 'Navn må fylles ut')
  .max(STUDENT_NAME_MAX_LENGTH, `Navnet kan være maks ${STUDENT_NAME_MAX_LENGTH} tegn`)
  .regex(/[\p{L}\p{N}]/u, 'Navnet må ha minst én bokstav eller ett tall');
const comment = z.string().trim().max(SICK_COMMENT_MAX_LENGTH, `Kommentaren kan være maks ${SICK_COMMENT_MAX_LENGTH} tegn`);

/** POST /api/sick/add */
export const addSickBodySchema = z.object({ date: daySchema, name: studentName, comment: comment.optional().default('') });
/** PUT /api/sick: the whole list of the date (the admin screen removes a student this way). */
export const replaceSickBodySchema = z.object({
  date: daySchema,
  students: z.array(z.object({ name: studentName, comment: comment.optional().default('') })).max(1000),
  revision: z.number().int().min(0).optional(),
});

const datesInOrder: [(v: { fromDate: string; toDate: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.fromDate <= v.toDate,
  { message: AWAY_TEXTS.datesOrder, path: ['toDate'] },
];

/** POST /api/away/add: one student (or, unused by the client, several). */
export const addAwayStudentBodySchema = z
  .object({
    fromDate: daySchema,
    toDate: daySchema,
    studentName: studentName.optional(),
    studentNames: z.array(studentName).max(500).optional(),
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
    studentNames: z.array(studentName).max(500),
    classIds: z.array(idSchema).max(200),
  })
  .refine(...datesInOrder);
export type UpdateTripBody = z.infer<typeof updateTripBodySchema>;
export const awayClassesQuerySchema = z.object({ activeOn: daySchema, schoolId: idSchema.optional() });
export const awayClassesSchema = z.object({ classIds: z.array(idSchema) });
export type AwayClasses = z.infer<typeof awayClassesSchema>;
export const tripsSchema = z.array(tripSchema);
export const studentNameParamsSchema = z.object({ name: studentName });
export const classIdParamsSchema = z.object({ classId: idSchema });
