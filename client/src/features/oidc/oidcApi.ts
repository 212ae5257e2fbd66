import { loginResponseSchema, type LoginResponse } from '#protocol/auth';
import {
  oidcProvidersSchema,
  oidcRegistrationSchema,
  type OidcProvider,
  type OidcRegisterBody,
  type OidcRegistration,
} from '#protocol/oidc';
import { getData, request } from '../../api/http';

/** The providers one may sign in with (GET /api/auth/providers), for the sign-in page's buttons. */
export async function fetchProviders(): Promise<OidcProvider[]> {
  return (await getData('/api/auth/providers', oidcProvidersSchema)) ?? [];
}

/** The identity this browser came back from a provider with, to fill in the registration form. */
export function fetchOidcRegistration(): Promise<OidcRegistration> {
  return request('GET', '/api/auth/oidc/registration', oidcRegistrationSchema);
}

/** Registers that identity at the chosen school; the answer is a session, as sign-in's is. */
export function registerWithProvider(body: OidcRegisterBody): Promise<LoginResponse> {
  return request('POST', '/api/auth/oidc/registration', loginResponseSchema, body);
}
