import { z } from 'zod';
import { idSchema } from './common';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, personNameSchema, userSchema } from './auth';
import { ADMIN_ROLE, CARETAKER_ROLE, SUPERVISOR_ROLE, type Role } from './roles';

export const usersSchema = z.array(userSchema);

/** PUT /api/admin/users/{id}/role and /api/plattformadministrator/users/{id}/role. */
export const roleChangeBodySchema = z.object({
  role: z.enum([ADMIN_ROLE, SUPERVISOR_ROLE, CARETAKER_ROLE] as [Role, Role, Role], { error: 'Ugyldig rolle' }),
});
export type RoleChangeBody = z.infer<typeof roleChangeBodySchema>;

/** Role changes a school Admin may make (spec §2.5, §4): from → allowed targets. */
export const ADMIN_ROLE_CHANGES: Readonly<Partial<Record<Role, readonly Role[]>>> = {
  [SUPERVISOR_ROLE]: [ADMIN_ROLE, CARETAKER_ROLE],
  [ADMIN_ROLE]: [SUPERVISOR_ROLE],
  [CARETAKER_ROLE]: [SUPERVISOR_ROLE],
};

/** Role changes the Plattformadministrator may make: Tilsynsvakt ⇄ Admin. */
export const PLATFORM_ROLE_CHANGES: Readonly<Partial<Record<Role, readonly Role[]>>> = {
  [SUPERVISOR_ROLE]: [ADMIN_ROLE],
  [ADMIN_ROLE]: [SUPERVISOR_ROLE],
};

/** Roles the Plattformadministrator can give a new user; Admin is the default (Vaktmester too: issue 45). */
export const CREATABLE_ROLES = [ADMIN_ROLE, SUPERVISOR_ROLE, CARETAKER_ROLE] as const;

/** A school chosen from a list: an empty choice is named as missing, not as a bad id (issue 45). */
const chosenSchoolSchema = z.string({ error: 'Velg en skole' }).min(1, 'Velg en skole').pipe(idSchema);

export const createUserBodySchema = z.object({
  name: personNameSchema,
  email: z
    .string({ error: 'E-post må fylles ut' })
    .trim()
    .min(1, 'E-post må fylles ut')
    .max(EMAIL_MAX_LENGTH, 'E-postadressen er for lang')
    .pipe(z.email({ error: 'Ugyldig e-postadresse' })),
  password: z
    .string({ error: 'Passord må fylles ut' })
    .min(1, 'Passord må fylles ut')
    .min(PASSWORD_MIN_LENGTH, `Passordet må være minst ${PASSWORD_MIN_LENGTH} tegn`)
    .max(PASSWORD_MAX_LENGTH, 'Passordet er for langt'),
  role: z.enum(CREATABLE_ROLES as unknown as [Role, Role, Role], { error: 'Rollen må være Admin, Tilsynsvakt eller Vaktmester' }),
  schoolId: chosenSchoolSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const statusChangeBodySchema = z.object({
  status: z.enum(['approved', 'deactivated'], { error: 'Status må være approved eller deactivated' }),
});
export type StatusChangeBody = z.infer<typeof statusChangeBodySchema>;

export const transferBodySchema = z.object({ schoolId: idSchema });
export type TransferBody = z.infer<typeof transferBodySchema>;

/** Optional school filter of GET /api/plattformadministrator/users. */
export const platformUsersQuerySchema = z.object({ schoolId: idSchema.optional() });
