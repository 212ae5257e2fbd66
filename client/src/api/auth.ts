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
import { getData, request } from './http';

export function login(body: LoginBody): Promise<LoginResponse> {
  return request('POST', '/api/auth/login', loginResponseSchema, body);
}

/** Ends the server session; errors are swallowed everywhere (spec §8). True if the server confirmed. */
export async function logout(): Promise<boolean> {
  return request('POST', '/api/auth/logout', messageSchema).then(
    () => true,
    () => false,
  );
}

/** The current user, or null when the session is gone (401). */
export function fetchMe(): Promise<MeResponse | null> {
  return getData('/api/auth/me', meResponseSchema);
}

export function register(body: RegisterBody): Promise<Message> {
  return request('POST', '/api/auth/register', messageSchema, body);
}

export function changePassword(body: ChangePasswordBody): Promise<Message> {
  return request('PUT', '/api/auth/change-password', messageSchema, body);
}
