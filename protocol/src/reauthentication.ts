import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { oneTimeCodeSchema } from './secondFactor';

/**
 * Proving who you are again before the ways of signing in change (issue 43, ASVS 5.0 V7.5.1):
 * adding or removing a passkey, turning the authenticator app on or off and seeing its recovery
 * codes need a proof made in this session in the last five minutes: the password plus the code of
 * the app where it is on, or a passkey. A stolen session cookie alone changes no factor.
 */
export const REAUTH_WINDOW_MS = 5 * 60_000;

export const REAUTH_TEXTS = {
  required:
    'Bekreft at det er deg før du endrer passnøkler eller autentiseringsapp. Skriv inn passordet ditt (og koden fra autentiseringsappen), eller bruk en passnøkkel.',
  wrongPassword: 'Feil passord. Prøv igjen.',
  codeNeeded: 'Skriv inn koden fra autentiseringsappen (eller en gjenopprettingskode) i tillegg til passordet.',
  confirmed: 'Bekreftet. Du kan endre passnøkler og autentiseringsapp de neste fem minuttene.',
} as const;

/** POST /api/account/reauthenticate: the password, and the app's code (or a recovery code) where the app is on. */
export const reauthenticateBodySchema = z.object({
  password: z.string({ error: 'Passord må fylles ut' }).min(1, 'Passord må fylles ut').max(PASSWORD_MAX_LENGTH, 'Passordet er for langt'),
  code: oneTimeCodeSchema.optional(),
});
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

/** The answer to a proof: until when factor changes are open in this session. */
export const reauthenticationSchema = z.object({ message: z.string(), validUntil: z.string() });
export type Reauthentication = z.infer<typeof reauthenticationSchema>;

/** The factor changes mailed to the account's address (only our words, nothing anyone typed). */
export const FACTOR_CHANGE_MAIL = {
  passkeyAdded: 'En ny passnøkkel er lagt til på kontoen din.',
  passkeyRemoved: 'En passnøkkel er fjernet fra kontoen din.',
  totpEnabled: 'Autentiseringsappen er slått på for kontoen din.',
  totpDisabled: 'Autentiseringsappen er slått av for kontoen din.',
  factorsRemoved: 'Alle passnøkler og autentiseringsappen er fjernet fra kontoen din.',
} as const;
export type FactorChange = keyof typeof FACTOR_CHANGE_MAIL;
