import { z } from 'zod';
import { idSchema, NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { roleSchema, userStatusSchema } from './roles';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const email = z
  .string({ error: 'E-post må fylles ut' })
  .trim()
  .min(1, 'E-post må fylles ut')
  .max(EMAIL_MAX_LENGTH, 'E-postadressen er for lang')
  .pipe(z.email({ error: 'Ugyldig e-postadresse' }));
/** An e-mail address as the sign-in and registration forms take it. */
export const emailSchema = email;

const password = z
  .string({ error: 'Passord må fylles ut' })
  .min(1, 'Passord må fylles ut')
  .max(PASSWORD_MAX_LENGTH, 'Passordet er for langt');

const newPassword = z
  .string({ error: 'Nytt passord må fylles ut' })
  .min(PASSWORD_MIN_LENGTH, `Passordet må være minst ${PASSWORD_MIN_LENGTH} tegn`)
  .max(PASSWORD_MAX_LENGTH, 'Passordet er for langt');
/** A new password: the rules of registration and change-password. */
export const newPasswordSchema = newPassword;

export const personNameSchema = z
  .string({ error: 'Navn må fylles ut' })
  .trim()
  .min(1, 'Navn må fylles ut')
  .max(NAME_MAX_LENGTH, `Navnet kan være maks ${NAME_MAX_LENGTH} tegn`)
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);

/** The user as the API presents it. */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  schoolId: idSchema.nullable(),
  schoolName: z.string().nullable(),
  /** ISO timestamp of the last change: stores keep the newer of an event and a fetch. */
  updatedAt: z.string(),
  /** How the user signs in (issue 33): a password here, passkeys, an authenticator app, and through which providers (id, name). */
  signIn: z
    .object({
      password: z.boolean(),
      passkey: z.boolean(),
      authenticatorApp: z.boolean(),
      providers: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({ email, password });
/**
 * POST /api/auth/logout: `automatic=1` when the app signs out by itself (idle, or the session
 * ended elsewhere): the device keeps its notifications, which a sign-out the person chose ends.
 */
export const logoutQuerySchema = z.object({ automatic: z.enum(['1'], { error: 'automatic må være 1' }).optional() });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  sessionId: z.string(),
  browserCompatible: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const registerBodySchema = z.object({
  schoolId: idSchema,
  name: personNameSchema,
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: password,
  newPassword,
  /** Also remove every passkey and the authenticator app (issue 43); never required, so the spec's body keeps working. */
  removeFactors: z.boolean({ error: 'Ugyldig valg' }).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * The change-password form: the body and its confirmation, checked as spec §5 says, a mismatch
 * first. The server checks the body itself again.
 */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Nye passord stemmer ikke overens',
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword.length >= PASSWORD_MIN_LENGTH, {
    message: `Nytt passord må være minst ${PASSWORD_MIN_LENGTH} tegn`,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
