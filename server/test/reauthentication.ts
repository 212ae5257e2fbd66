import { expect } from 'vitest';
import type { Reauthentication } from '#protocol/reauthentication';
import { PASSWORD } from './fixtures';
import type { ApiClient, ApiResponse } from './httpClient';

/**
 * 'Bekreft at det er deg' over HTTP (issue 43): a fresh proof on this client's session, which every
 * factor change needs: the password, and the app's code where the app is on.
 */
export async function proveIdentity(client: ApiClient, options: { password?: string; code?: string } = {}): Promise<Reauthentication> {
  const res = await client.post<Reauthentication>('/api/account/reauthenticate', {
    password: options.password ?? PASSWORD,
    ...(options.code !== undefined ? { code: options.code } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A probe that proves first where it can (for callers who may change factors), then calls: access tables keep their statuses. */
export function afterProof(call: (client: ApiClient) => Promise<ApiResponse>): (client: ApiClient) => Promise<ApiResponse> {
  return async (client) => {
    await client.post('/api/account/reauthenticate', { password: PASSWORD });
    return call(client);
  };
}
