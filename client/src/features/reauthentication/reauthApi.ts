import { passkeyRequestOptionsSchema } from '#protocol/passkeys';
import { reauthenticationSchema, type Reauthentication } from '#protocol/reauthentication';
import { request } from '../../api/http';

/** 'Bekreft at det er deg' (issue 43): the password, and the app's code where it is on. */
export function reauthenticate(password: string, code?: string): Promise<Reauthentication> {
  return request('POST', '/api/account/reauthenticate', reauthenticationSchema, { password, ...(code ? { code } : {}) });
}

/** The same with one of the person's own passkeys: the browser's part loaded only when asked for. */
export async function reauthenticateWithPasskey(): Promise<Reauthentication> {
  const optionsJSON = await request('POST', '/api/account/reauthenticate/passkey/options', passkeyRequestOptionsSchema);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({ optionsJSON });
  return request('POST', '/api/account/reauthenticate/passkey', reauthenticationSchema, { credential });
}
