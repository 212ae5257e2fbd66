import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, studentNameSchema, withoutControlCharacters } from './common';
import { daySchema } from './day';

/**
 * The school's register of its students (issue 46): each once, with class, house and room, that the
 * lists pick from. Not in the spec: its calls are added beside the spec's, which stay as they are.
 */
export const REGISTER_TEXTS = {
  notFound: 'Fant ikke eleven i elevregisteret',
  changed: 'Eleven er endret av noen andre i mellomtiden. Se over og lagre igjen.',
  duplicateExternalId: 'En annen elev i elevregisteret har allerede dette elevnummeret',
  unknownClass: 'Fant ikke klassen',
  alreadyLeft: 'Eleven er allerede registrert som sluttet',
  notLeft: 'Eleven er ikke registrert som sluttet',
  /** Beside a name typed on a list that the register does not hold. */
  notInRegister: 'ikke i elevregisteret',
} as const;

export const REGISTER_TEXT_MAX_LENGTH = 60;
export const CONTACT_NOTE_MAX_LENGTH = 300;

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(REGISTER_TEXT_MAX_LENGTH, `${label} kan være maks ${REGISTER_TEXT_MAX_LENGTH} tegn`)
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

const contactNote = z
  .string()
  .trim()
  .max(CONTACT_NOTE_MAX_LENGTH, `Notatet kan være maks ${CONTACT_NOTE_MAX_LENGTH} tegn`)
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

/** What every reader of the register sees: what a night round needs (name, class, house, room). */
export const registerEntrySchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  classId: idSchema.nullable(),
  /** The class's name as it is now ('' without a class). */
  className: z.string(),
  house: z.string(),
  room: z.string(),
  /** When the student last changed: an older event never overwrites a newer copy. */
  updatedAt: z.string(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;
export const registerEntriesSchema = z.array(registerEntrySchema);

/** The register's whole record of a student, for the school's administrators. */
export const registerStudentSchema = registerEntrySchema.extend({
  schoolId: idSchema,
  boarder: z.boolean(),
  externalId: z.string(),
  contactNote: z.string(),
  /** The day they left ('Sluttet'); null while at the school. */
  leftAt: z.string().nullable(),
  /** Bumped by every change: an edit may send the version it started from (baseVersion). */
  version: z.number().int().min(1),
});
export type RegisterStudentRecord = z.infer<typeof registerStudentSchema>;
export const registerStudentsSchema = z.array(registerStudentSchema);

/** POST /api/admin/register/students: a student added by hand. */
export const addRegisterStudentBodySchema = z.object({
  firstName: studentNameSchema,
  lastName: studentNameSchema,
  classId: idSchema.nullable().optional(),
  house: shortText('Internatet').optional().default(''),
  room: shortText('Rommet').optional().default(''),
  boarder: z.boolean().optional().default(true),
  externalId: shortText('Elevnummeret').optional().default(''),
  contactNote: contactNote.optional().default(''),
});
export type AddRegisterStudentBody = z.input<typeof addRegisterStudentBodySchema>;
/** The body as the server has it, defaults filled in. */
export type NewRegisterStudent = z.output<typeof addRegisterStudentBodySchema>;

/** PUT /api/admin/register/students/{id}: the fields sent change (a move of room sends house and room). */
export const editRegisterStudentBodySchema = z.object({
  firstName: studentNameSchema.optional(),
  lastName: studentNameSchema.optional(),
  classId: idSchema.nullable().optional(),
  house: shortText('Internatet').optional(),
  room: shortText('Rommet').optional(),
  boarder: z.boolean().optional(),
  externalId: shortText('Elevnummeret').optional(),
  contactNote: contactNote.optional(),
  /** The version the change was made on: a student changed since is refused (409), not overwritten. */
  baseVersion: z.number().int().min(1).optional(),
});
export type EditRegisterStudentBody = z.input<typeof editRegisterStudentBodySchema>;

/** POST /api/admin/register/students/{id}/leave: 'Sluttet' from that day. */
export const leaveRegisterBodySchema = z.object({ leftAt: daySchema });

/** GET /api/admin/register?includeLeft=true also lists those who have left. */
export const registerQuerySchema = z.object({
  schoolId: idSchema.optional(),
  includeLeft: z.enum(['true', 'false']).optional(),
});

/** At the school on the day: not left, or leaving later ('Sluttet' from leftAt on). */
export function atSchoolOn(student: { leftAt?: string | null }, day: string): boolean {
  return !student.leftAt || student.leftAt > day;
}

/** The student's name as lists show it. */
export function registerName(entry: Pick<RegisterEntry, 'firstName' | 'lastName'>): string {
  return `${entry.firstName} ${entry.lastName}`.trim();
}

/** GET /api/admin/register/links: a name on a list from before the register, proposed as one of its students (issue 46). */
export const linkProposalSchema = z.object({
  kind: z.enum(['sick', 'trip']),
  /** The sick list's day, or the trip's first and last day. */
  on: z.string(),
  until: z.string(),
  name: z.string(),
  studentId: idSchema,
});
export type LinkProposal = z.infer<typeof linkProposalSchema>;
export const linkProposalsSchema = z.array(linkProposalSchema);
/** POST /api/admin/register/links: how many entries were linked. */
export const linkResultSchema = z.object({ linked: z.number().int() });
