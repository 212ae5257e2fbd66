import { z } from 'zod';

/**
 * Passkeys (WebAuthn; issue 33): an approved user adds them on 'Min konto' and signs in with one
 * on /login without typing the e-mail (a discoverable credential: the account is its user handle).
 * The options the server makes and the credential the browser answers with travel as
 * @simplewebauthn's JSON shapes (base64url strings), described here field by field.
 */

export const MIN_KONTO_PATH = '/min-konto';
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_TEXTS = {
  added: 'Passnøkkelen er lagt til.',
  removed: 'Passnøkkelen er fjernet.',
  expired: 'Forespørselen om passnøkkel er utløpt eller allerede brukt. Prøv igjen.',
  notVerified: 'Passnøkkelen kunne ikke bekreftes. Prøv igjen.',
  unknown: 'Denne passnøkkelen er ikke registrert her. Logg inn med e-post og passord.',
  duplicate: 'Denne passnøkkelen er allerede lagt til.',
  notFound: 'Fant ikke passnøkkelen',
  noneToProve: 'Du har ingen passnøkkel her. Bekreft med passordet i stedet.',
} as const;

export const passkeyNameSchema = z
  .string({ error: 'Navn er påkrevd' })
  .trim()
  .min(1, 'Navn er påkrevd')
  .max(PASSKEY_NAME_MAX, `Navnet kan ha høyst ${PASSKEY_NAME_MAX} tegn`);

/** A passkey as its owner sees it on 'Min konto': never the key itself. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.array(passkeySchema);

const base64url = z
  .string({ error: 'Ugyldig passnøkkel' })
  .max(16_384, 'Ugyldig passnøkkel')
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Ugyldig passnøkkel');
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(transportSchema).optional(),
});

/** POST /api/account/passkeys/options: what navigator.credentials.create() is given (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** POST /api/auth/passkey/options: what navigator.credentials.get() is given (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const credentialCommon = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key', { error: 'Ugyldig passnøkkel' }),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create() made (RegistrationResponseJSON). */
export const passkeyRegistrationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(transportSchema).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What navigator.credentials.get() signed (AuthenticationResponseJSON). */
export const passkeyAuthenticationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** POST /api/account/passkeys: the new passkey, with the name its owner gave it. */
export const addPasskeyBodySchema = z.object({ name: passkeyNameSchema, credential: passkeyRegistrationCredentialSchema });
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

/** POST /api/auth/passkey/login: the signed challenge. */
export const passkeyLoginBodySchema = z.object({ credential: passkeyAuthenticationCredentialSchema });
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBodySchema>;

/** DELETE /api/account/passkeys/:id */
export const passkeyParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/i, 'Ugyldig id') });

/** A name to suggest for a new passkey, from what the browser says it is ('Chrome på Android'). */
export function suggestedPasskeyName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Nettleser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iPhone/iPad'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'Mac'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} på ${system}` : browser;
}
