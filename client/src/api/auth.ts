import {
  loginResponseSchema,
  meResponseSchema,
  type ChangePasswordBody,
  type LoginBody,
  type LoginResponse,
  type MeResponse,
  type RegisterBody,
} from '#protocol/auth';
import { messageSchema, type Message } from '#protocol/common';
import { logoutResponseSchema } from '#protocol/oidc';
import type { ErrorCode } from '#protocol/errors';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import { HttpError, request } from './http';

export function login(body: LoginBody): Promise<LoginResponse> {
  return request('POST', '/api/auth/login', loginResponseSchema, body);
}

/**
 * The code from the authenticator app (or a recovery code) after the password, when the account has
 * one (issue 33); `trustDevice`: this device skips the code for the next 12 hours (issue 44).
 */
export function signInWithCode(code: string, trustDevice = false): Promise<LoginResponse> {
  return request('POST', '/api/auth/second-factor', loginResponseSchema, trustDevice ? { code, trustDevice } : { code });
}

/** Ends the server session; errors are swallowed everywhere (spec §8). True if the server confirmed. */
export async function logout(automatic = false): Promise<boolean> {
  return (await endSession(automatic)).confirmed;
}

/**
 * Ends the server session, and says where to go to sign out at the OpenID provider too when the
 * session came from one that offers it (the server keeps the ID token; the browser never sees it).
 * `automatic`: the app signs out by itself, and the device keeps its notifications.
 */
export async function endSession(automatic = false): Promise<{ confirmed: boolean; endSessionUrl?: string }> {
  return request('POST', automatic ? '/api/auth/logout?automatic=1' : '/api/auth/logout', logoutResponseSchema).then(
    (answer) => ({ confirmed: true, endSessionUrl: answer.endSessionUrl }),
    () => ({ confirmed: false }),
  );
}

/**
 * Who is signed in; when no one is, the server's code for why (schoolInactive, notSignedIn), and
 * with sessionEnded the reason the server ended the session.
 */
export async function fetchMe(): Promise<MeResponse | { refused: ErrorCode | null; reason: ServerSessionEndReason | null }> {
  try {
    return await request('GET', '/api/auth/me', meResponseSchema);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return { refused: error.code, reason: error.reason };
    throw error;
  }
}

export function register(body: RegisterBody): Promise<Message> {
  return request('POST', '/api/auth/register', messageSchema, body);
}

export function changePassword(body: ChangePasswordBody): Promise<Message> {
  return request('PUT', '/api/auth/change-password', messageSchema, body);
}
