import { loginResponseSchema, type LoginResponse } from '#protocol/auth';
import { messageSchema, type Message } from '#protocol/common';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema, passkeySchema, passkeysSchema, type Passkey } from '#protocol/passkeys';
import { getData, request } from '../../api/http';

/**
 * Passkeys (issue 33). The browser's part of each ceremony is @simplewebauthn/browser, loaded
 * when a button is pressed: the sign-in page's first load carries none of it.
 */
const webAuthn = () => import('@simplewebauthn/browser');

export function fetchPasskeys(): Promise<Passkey[] | null> {
  return getData('/api/account/passkeys', passkeysSchema);
}

/** A new passkey on this device: the server's challenge, the device's answer (PIN, fingerprint), kept under the name given. */
export async function createPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await request('POST', '/api/account/passkeys/options', passkeyCreationOptionsSchema);
  const { startRegistration } = await webAuthn();
  const credential = await startRegistration({ optionsJSON });
  return request('POST', '/api/account/passkeys', passkeySchema, { name, credential });
}

export function deletePasskey(id: string): Promise<Message> {
  return request('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`, messageSchema);
}

/** Sign-in with a passkey, no e-mail typed: the device offers the passkeys it has for this site. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const optionsJSON = await request('POST', '/api/auth/passkey/options', passkeyRequestOptionsSchema);
  const { startAuthentication } = await webAuthn();
  const credential = await startAuthentication({ optionsJSON });
  return request('POST', '/api/auth/passkey/login', loginResponseSchema, { credential });
}

/** Whether the browser can make and use passkeys at all (WebAuthn present). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Whether the person (or the browser) stopped the ceremony: the device's dialog closed, no passkey
 * chosen, the time ran out. Said calmly, not as an error of the server's.
 */
export function wasCancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** The passkey is on this device already (the server's list named it to be excluded). */
export function alreadyOnDevice(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
}
