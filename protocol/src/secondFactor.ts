import { z } from 'zod';

/**
 * A second factor from an authenticator app (TOTP, RFC 6238; issue 33): 30 s, 6 digits, SHA-1,
 * one step either side accepted, a code used once. Turned on from 'Min konto'; once on, password
 * sign-in asks for a code (or a one-time recovery code) before it makes a session.
 */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_TEXTS = {
  codeNeeded: 'Skriv inn engangskoden fra autentiseringsappen.',
  wrongCode: 'Feil kode. Prøv igjen.',
  signInExpired: 'Innloggingen er utløpt. Logg inn på nytt.',
  setupExpired: 'Oppsettet er utløpt. Begynn på nytt.',
  alreadyOn: 'Autentiseringsappen er allerede slått på.',
  notOn: 'Autentiseringsappen er ikke slått på.',
  turnedOff: 'Autentiseringsappen er slått av. Du logger nå inn med passord alene (eller passnøkkel).',
  /** An Admin the school asks a second factor of, who has no authenticator app (and perhaps no passkey either). */
  schoolRequiresPasskey: 'Skolen krever to-trinns innlogging for administratorer. Logg inn med passnøkkel.',
  schoolRequiresSetup:
    'Skolen krever to-trinns innlogging for administratorer, og du har verken passnøkkel eller autentiseringsapp. Be en annen administrator (eller plattformadministratoren) slå kravet av en kort stund, logg inn og sett opp en av dem på Min konto.',
  platformRequiresPasskey: 'Plattformen krever to-trinns innlogging. Logg inn med passnøkkel.',
  platformRequiresSetup:
    'Plattformen krever to-trinns innlogging, og du har verken passnøkkel eller autentiseringsapp. Be en annen plattformadministrator slå kravet av en kort stund, eller den som drifter serveren starte den med REQUIRE_SECOND_FACTOR_PLATFORM=false, og sett opp en av dem på Min konto.',
  ownFirst: 'Sett opp passnøkkel eller autentiseringsapp på Min konto først, så du ikke stenger deg selv ute.',
  forcedByServer: 'Kravet er bestemt i serverens oppsett (REQUIRE_SECOND_FACTOR_PLATFORM) og kan ikke endres her.',
} as const;

/**
 * Where a sign-in through Feide or Microsoft goes when the account has an authenticator app (issue
 * 43): back to the sign-in page, which opens its code step; the half-done sign-in waits in the session.
 */
export const CODE_STEP_PARAM = 'trinn';
export const CODE_STEP_VALUE = 'kode';
export const CODE_STEP_PATH = `/login?${CODE_STEP_PARAM}=${CODE_STEP_VALUE}`;

/** PUT /api/admin/second-factor and /api/plattformadministrator/second-factor: the requirement on or off. */
export const secondFactorRuleBodySchema = z.object({ required: z.boolean({ error: 'Velg om kravet skal være på eller av' }) });
export type SecondFactorRuleBody = z.infer<typeof secondFactorRuleBodySchema>;
/** The school's requirement for its Admins. */
export const secondFactorRuleSchema = z.object({ required: z.boolean() });
export type SecondFactorRule = z.infer<typeof secondFactorRuleSchema>;
/** The platform's for Plattformadministratorer; `forced` when the server's configuration decides it. */
export const platformSecondFactorRuleSchema = z.object({ required: z.boolean(), forced: z.boolean() });
export type PlatformSecondFactorRule = z.infer<typeof platformSecondFactorRuleSchema>;

/** Six digits from the app, or a recovery code ('abcde-fghij'); spaces and case do not matter. */
export const oneTimeCodeSchema = z
  .string({ error: 'Koden er påkrevd' })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'Koden er påkrevd')
      .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, 'Koden er seks sifre (eller en gjenopprettingskode)'),
  );

export const oneTimeCodeBodySchema = z.object({ code: oneTimeCodeSchema });
export type OneTimeCodeBody = z.infer<typeof oneTimeCodeBodySchema>;
/**
 * POST /api/account/totp/disable: after a fresh proof (issue 43), which with the app on already took
 * a code; a code sent as well is checked too (and must be another than the proof's).
 */
export const disableTotpBodySchema = z.object({ code: oneTimeCodeSchema.optional() });
export type DisableTotpBody = z.infer<typeof disableTotpBodySchema>;

/** GET /api/account/totp */
export const totpStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** POST /api/account/totp/setup: what to type into the app (no QR code: DECISIONS 'A second factor for those who see health data'). */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/account/totp/confirm: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
