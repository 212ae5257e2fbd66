import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';

/**
 * A way back from a forgotten password (issue 33): a one-time link, made by an Admin for a user
 * of the school or sent by e-mail from 'Glemt passord?', that sets a new password once.
 */

/** How long a link works, and that it works once. */
export const RESET_LINK_HOURS = 24;
/** The random part of a link: 32 bytes, base64url (43 characters). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const PASSWORD_RESET_TEXTS = {
  /** One answer for every link that does not work: unknown, used, expired, voided, a deactivated account's. */
  linkInvalid:
    'Lenken for nytt passord virker ikke. Den kan være utløpt, allerede brukt eller erstattet av en nyere lenke. Be om en ny lenke.',
  done: 'Passordet er endret. Du kan nå logge inn med det nye passordet.',
  /** The same whether or not the address belongs to an account. */
  mailRequested: `Hvis e-postadressen hører til en konto her, får den snart en e-post med en lenke for å sette nytt passord. Lenken er gyldig i ${RESET_LINK_HOURS} timer.`,
  askAdmin: 'Be administratoren på skolen din om en lenke for nytt passord.',
  mailNotConfigured: 'Nytt passord på e-post er ikke satt opp her. Be administratoren på skolen din om en lenke for nytt passord.',
  notForDeactivated: 'En deaktivert bruker kan ikke få lenke for nytt passord',
} as const;

const tokenSchema = z.string({ error: 'Lenken mangler' }).min(1, 'Lenken mangler').max(200, PASSWORD_RESET_TEXTS.linkInvalid);

/** POST /api/admin/users/:id/password-reset-link answers the link to hand over, and when it stops working. */
export const passwordResetLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** POST /api/auth/reset-password: the link's token and the new password (the rules of registration). */
export const passwordResetBodySchema = z.object({
  token: tokenSchema,
  newPassword: newPasswordSchema,
  /** Also remove every passkey and the authenticator app (issue 43); never required. */
  removeFactors: z.boolean({ error: 'Ugyldig valg' }).optional(),
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** GET /api/auth/forgot-password: whether a link can be sent by e-mail here (SMTP_URL is set). */
export const passwordResetOptionsSchema = z.object({ byMail: z.boolean() });
export type PasswordResetOptions = z.infer<typeof passwordResetOptionsSchema>;

/** The new-password form: the password by the registration rules, and the same once more. */
export const passwordResetFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passordene stemmer ikke overens',
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;
