import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, type Fixture } from '../../test/fixtures';
import { ApiClient } from '../../test/httpClient';
import { signedIn } from '../../test/sessions';
import { makeUser } from '../../test/callers';
import { connectSocket, record, waitForDisconnect, type TestSocket } from '../../test/sockets';
import { startSibling, type TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';
import { SessionModel } from '../core/sessions/sessionModel';

/** A live connection never outlives its session: REST and the socket give the same answer. */
let server: TestServer;
let fx: Fixture;
const open: TestSocket[] = [];
useServerWithFixture((started) => ({ server, fx } = started));
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/** The app again on the same database, with session limits of a couple of seconds. */
function withLimits(limits: { sessionIdleMs: number; sessionAbsoluteMs: number }) {
  return startSibling({ ...server.config, ...limits });
}

async function socketOf(url: string, client: ApiClient): Promise<TestSocket> {
  const socket = await connectSocket(url, client.cookie);
  open.push(socket);
  return socket;
}

describe('the live connection ends with its session', () => {
  it('at the idle expiry, when nothing else keeps the session alive', async () => {
    const { app, url } = await withLimits({ sessionIdleMs: 1500, sessionAbsoluteMs: 3_600_000 });
    try {
      const client = await signedIn(url, fx.a.supervisor);
      const socket = await socketOf(url, client);
      await waitForDisconnect(socket, 5000);
      expect((await client.get('/api/auth/me')).status).toBe(401);
      await expect(connectSocket(url, client.cookie)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });

  it('at the absolute limit, however busy the session is', async () => {
    const { app, url } = await withLimits({ sessionIdleMs: 3_600_000, sessionAbsoluteMs: 2000 });
    try {
      const client = await signedIn(url, fx.a.caretaker);
      const socket = await socketOf(url, client);
      const told = record(socket, ['session.ended']);
      const closed = waitForDisconnect(socket, 6000);
      const busy = setInterval(() => void client.get('/api/auth/me'), 200);
      await closed.finally(() => clearInterval(busy));
      // Told why before the close, for the screen to say.
      expect(told).toEqual([{ event: 'session.ended', payload: { reason: 'expired' } }]);
      expect((await client.get('/api/auth/me')).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('but not while requests keep moving the idle expiry on', async () => {
    const { app, url } = await withLimits({ sessionIdleMs: 1500, sessionAbsoluteMs: 3_600_000 });
    try {
      const client = await signedIn(url, fx.b.supervisor);
      const socket = await socketOf(url, client);
      const sessionId = (await SessionModel.findOne({ userId: fx.b.supervisor.id }).sort({ expiresAt: -1 }).lean())!._id;
      // What a rolling save does on a request: the session's expiry moves on (in the row and its cookie).
      for (let i = 0; i < 6; i++) {
        const row = (await SessionModel.findById(sessionId).lean())!;
        const expires = new Date(Date.now() + 1500);
        const data = { ...JSON.parse(row.data), cookie: { ...JSON.parse(row.data).cookie, expires } };
        await SessionModel.updateOne({ _id: sessionId }, { $set: { expiresAt: expires, data: JSON.stringify(data) } });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(socket.connected).toBe(true);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      // Left alone, it ends.
      await waitForDisconnect(socket, 5000);
    } finally {
      await app.close();
    }
  });

  it('a password change closes the other sessions’ connections and keeps its own', async () => {
    const here = await signedIn(server.baseUrl, fx.a.admin);
    const elsewhere = await signedIn(server.baseUrl, fx.a.admin);
    const ownSocket = await socketOf(server.baseUrl, here);
    const otherSocket = await socketOf(server.baseUrl, elsewhere);
    const toldHere = record(ownSocket, ['session.ended']);
    const toldElsewhere = record(otherSocket, ['session.ended']);
    const closed = waitForDisconnect(otherSocket, 3000);
    expect((await here.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nytt-passord' })).status).toBe(200);
    await closed;
    expect(toldElsewhere).toEqual([{ event: 'session.ended', payload: { reason: 'passwordChanged' } }]);
    expect(toldHere).toEqual([]);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    await expect(connectSocket(server.baseUrl, elsewhere.cookie)).rejects.toThrow();
    expect(ownSocket.connected).toBe(true);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    await here.put('/api/auth/change-password', { currentPassword: 'nytt-passord', newPassword: PASSWORD });
  });

  it('a handshake racing a sign-out does not keep a connection', async () => {
    for (let round = 0; round < 10; round++) {
      const client = await signedIn(server.baseUrl, fx.b.caretaker);
      const cookie = client.cookie;
      const [socket] = await Promise.allSettled([connectSocket(server.baseUrl, cookie), client.post('/api/auth/logout')]);
      if (socket.status === 'fulfilled') {
        open.push(socket.value);
        if (socket.value.connected) await waitForDisconnect(socket.value, 3000);
      }
      const stale = new ApiClient(server.baseUrl);
      stale.cookie = cookie;
      expect((await stale.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('each change of an account tells its open screens why before closing them; a colleague hears nothing', async () => {
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    const cases: Array<{ reason: string; act: (id: string) => Promise<{ status: number }> }> = [
      { reason: 'deactivated', act: (id) => admin.post(`/api/admin/users/${id}/deactivate`) },
      { reason: 'deleted', act: (id) => admin.delete(`/api/admin/users/${id}`) },
      { reason: 'roleChanged', act: (id) => admin.put(`/api/admin/users/${id}/role`, { role: 'Vaktmester' }) },
      { reason: 'transferred', act: (id) => platform.put(`/api/plattformadministrator/users/${id}/transfer`, { schoolId: fx.b.id }) },
    ];
    const colleague = await socketOf(server.baseUrl, await signedIn(server.baseUrl, fx.a.supervisor));
    const colleagueHeard = record(colleague, ['session.ended']);
    for (const { reason, act } of cases) {
      const user = await makeUser(fx.a.id, 'Tilsynsvakt');
      const socket = await socketOf(server.baseUrl, await signedIn(server.baseUrl, user));
      const told = record(socket, ['session.ended']);
      const closed = waitForDisconnect(socket, 3000);
      expect((await act(user.id)).status, reason).toBe(200);
      await closed;
      expect(told, reason).toEqual([{ event: 'session.ended', payload: { reason } }]);
    }
    const waiting = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const pendingSocket = await socketOf(server.baseUrl, await signedIn(server.baseUrl, waiting));
    const toldPending = record(pendingSocket, ['session.ended']);
    const closedPending = waitForDisconnect(pendingSocket, 3000);
    expect((await admin.post(`/api/admin/users/${waiting.id}/reject`)).status).toBe(200);
    await closedPending;
    expect(toldPending).toEqual([{ event: 'session.ended', payload: { reason: 'rejected' } }]);
    expect(colleagueHeard).toEqual([]);
  });
});
