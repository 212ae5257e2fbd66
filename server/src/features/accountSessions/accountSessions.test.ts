import { describe, expect, it } from 'vitest';
import { ACCOUNT_SESSION_TEXTS, type AccountSession } from '#protocol/accountSessions';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { connectSocket, waitForDisconnect } from '../../../test/sockets';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { publicSessionHandle } from '../../core/sessions/sessionHandle';
import { SessionModel } from '../../core/sessions/sessionModel';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * 'Innlogginger' on Min konto (issue 43): one's own sessions with device, address and times, by
 * a public handle (never the session id); ending another closes its socket at once; another
 * user's is 404; the current one is signed out from the menu instead.
 */
let server: TestServer;
let fx: Fixture;
useSeededServer((started) => ({ server, fx } = started));

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

async function signedInWith(user: FixtureUser, userAgent: string): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  const res = await client.request(
    'POST',
    '/api/auth/login',
    { email: user.email, password: PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.status).toBe(200);
  return client;
}

const sessionIdOf = (client: ApiClient) => {
  const value = decodeURIComponent(client.cookie!);
  return value.slice(0, value.lastIndexOf('.'));
};

describe('GET /api/account/sessions', () => {
  it('lists one’s own sessions only, by handle, with device, address and times; the current one first', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const phone = await signedInWith(user, ANDROID);
    const mac = await signedInWith(user, MAC);
    await signedInWith(await makeUser(fx.a.id, 'Tilsynsvakt'), ANDROID);
    const { status, body } = await phone.get<AccountSession[]>('/api/account/sessions');
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ current: true, device: 'Chrome på Android', id: publicSessionHandle(sessionIdOf(phone)) });
    expect(body[1]).toMatchObject({ current: false, device: 'Safari på Mac', id: publicSessionHandle(sessionIdOf(mac)) });
    for (const session of body) {
      expect(session.ip).toMatch(/127\.0\.0\.1/);
      expect(Date.parse(session.signedInAt!)).not.toBeNaN();
      expect(Date.parse(session.lastUsedAt!)).not.toBeNaN();
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(sessionIdOf(phone));
    expect(text).not.toContain(sessionIdOf(mac));
    // The last use moves on with the store's touch.
    const row = await SessionModel.findById(sessionIdOf(mac)).lean();
    expect(row).toMatchObject({ device: 'Safari på Mac', userId: expect.anything() });
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('ends another of one’s own sessions and closes its live connection at once, audited', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const phone = await signedInWith(user, ANDROID);
    const mac = await signedInWith(user, MAC);
    const socket = await connectSocket(server.baseUrl, mac.cookie);
    const closed = waitForDisconnect(socket);
    const handle = publicSessionHandle(sessionIdOf(mac));
    const res = await phone.delete<{ message: string }>(`/api/account/sessions/${handle}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_SESSION_TEXTS.ended);
    await closed;
    expect((await mac.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get<AccountSession[]>('/api/account/sessions')).body.map((s) => s.id)).toEqual([
      publicSessionHandle(sessionIdOf(phone)),
    ]);
    expect(await AuditModel.findOne({ action: 'user.sessionEnded', targetId: user.id }).lean()).toMatchObject({ detail: 'Safari på Mac' });
    socket.close();
  });

  it('never ends another user’s session (404, as none), nor the current one (409, signed out from the menu)', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const other = await makeUser(fx.a.id, 'Tilsynsvakt');
    const mine = await signedInWith(user, ANDROID);
    const theirs = await signedInWith(other, MAC);
    const theirHandle = publicSessionHandle(sessionIdOf(theirs));
    const refused = await mine.delete<{ message: string; code: string }>(`/api/account/sessions/${theirHandle}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: ACCOUNT_SESSION_TEXTS.notFound, code: 'notFound' });
    expect((await theirs.get('/api/auth/me')).status).toBe(200);
    // The secret id itself is no handle either.
    expect((await mine.delete(`/api/account/sessions/${encodeURIComponent(sessionIdOf(theirs))}`)).status).toBe(400);
    const current = await mine.delete<{ message: string }>(`/api/account/sessions/${publicSessionHandle(sessionIdOf(mine))}`);
    expect(current.status).toBe(409);
    expect(current.body.message).toBe(ACCOUNT_SESSION_TEXTS.current);
    expect((await mine.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses bad input in Norwegian', async () => {
    const client = await signedInWith(await makeUser(fx.a.id, 'Vaktmester'), ANDROID);
    const bad = await client.delete<{ message: string; code: string }>('/api/account/sessions/ikke-en-innlogging');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(ACCOUNT_SESSION_TEXTS.badHandle);
  });
});
