import { z } from 'zod';
import { personNameSchema } from './auth';
import { idSchema } from './common';
import { TEXTS } from './texts';

/**
 * Sign-in through an OpenID Connect provider (Feide, Microsoft Entra ID; issue 33). The providers
 * are configured on the server (OIDC_PROVIDERS); the sign-in page lists them without secrets.
 */

/** A provider's id as configured and as it appears in /api/auth/oidc/{id}/…: lower-case letters, digits and '-'. */
export const OIDC_PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const oidcProviderIdSchema = z.string({ error: 'Ukjent innloggingstjeneste' }).regex(OIDC_PROVIDER_ID, 'Ukjent innloggingstjeneste');

export const oidcProviderParamsSchema = z.object({ id: oidcProviderIdSchema });

/** GET /api/auth/providers: what the sign-in page needs for a button, nothing more. */
export const oidcProviderSchema = z.object({ id: z.string(), name: z.string() });
export const oidcProvidersSchema = z.array(oidcProviderSchema);
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

export const oidcStartPath = (id: string): string => `/api/auth/oidc/${encodeURIComponent(id)}/start`;
export const oidcCallbackPath = (id: string): string => `/api/auth/oidc/${encodeURIComponent(id)}/callback`;

/** The query parameter a failed sign-in comes back to /login with: a code, never the provider's own text. */
export const OIDC_FAILURE_PARAM = 'innlogging';
/** The query parameter that sends an unknown identity to /register, to finish there. */
export const OIDC_REGISTER_PARAM = 'med';

export const OIDC_FAILURES = {
  failed: 'Innloggingen hos innloggingstjenesten mislyktes. Prøv igjen.',
  expired: 'Innloggingen tok for lang tid, eller lenken var brukt før. Prøv igjen.',
  cancelled: 'Innloggingen ble avbrutt.',
  unavailable: 'Innloggingstjenesten svarer ikke akkurat nå. Prøv igjen senere, eller logg inn med e-post og passord.',
  emailUnverified:
    'Innloggingstjenesten har ikke bekreftet e-postadressen din, så den kan ikke kobles til en konto her. Logg inn med e-post og passord, eller kontakt administratoren.',
  notApproved: 'Kontoen med denne e-postadressen venter på godkjenning. Logg inn med e-post og passord til den er godkjent.',
  deactivated: TEXTS.accountDeactivated,
  schoolInactive: TEXTS.schoolInactive,
  schoolInactiveAdmin: TEXTS.schoolInactiveForAdmin,
  otherIdentity:
    'Kontoen med denne e-postadressen er allerede koblet til en annen innlogging. Logg inn slik du pleier, eller be administratoren fjerne den gamle koblingen.',
  notAuthority:
    'Denne innloggingstjenesten kan ikke kobles til en eksisterende konto med denne e-postadressen. Logg inn med e-post og passord, eller kontakt administratoren.',
  platformAdmin:
    'Plattformadministratoren logger ikke inn med Feide eller Microsoft, bare med e-post og passord i Plattformadministrator Portal.',
  secondFactor:
    'Skolen krever to-trinns innlogging for administratorer. Logg inn med passnøkkel, eller med e-post, passord og kode fra autentiseringsappen.',
} as const;
export type OidcFailure = keyof typeof OIDC_FAILURES;

/** The Norwegian text of a failure code from the address; null for anything else (never echoed). */
export function oidcFailureText(code: string | null): string | null {
  return code && Object.hasOwn(OIDC_FAILURES, code) ? OIDC_FAILURES[code as OidcFailure] : null;
}

/** GET /api/auth/oidc/registration: the identity an unknown person came back with, to fill in the form. */
export const oidcRegistrationSchema = z.object({ providerName: z.string(), name: z.string(), email: z.string() });
export type OidcRegistration = z.infer<typeof oidcRegistrationSchema>;

/** POST /api/auth/oidc/registration: the school chosen and the name (the e-mail is the provider's). */
export const oidcRegisterBodySchema = z.object({ schoolId: idSchema, name: personNameSchema });
export type OidcRegisterBody = z.infer<typeof oidcRegisterBodySchema>;

/** POST /api/auth/logout: where the browser goes next to sign out at the provider too, when it offers that. */
export const logoutResponseSchema = z.object({ message: z.string(), endSessionUrl: z.string().optional() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** DELETE /api/admin/users/{id}/identities/{providerId}. */
export const identityParamsSchema = z.object({ id: idSchema, providerId: oidcProviderIdSchema });

/** How the admin list names the ways a user signs in: 'Passord', 'Feide', 'Microsoft'. */
export const PASSWORD_SIGN_IN = 'Passord';
