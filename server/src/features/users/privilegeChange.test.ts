import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useServerWithFixture } from '../../../test/useTestServer';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { connectSocket, record, waitFor, type TestSocket } from '../../../test/sockets';
import { type TestServer } from '../../../test/testServer';
import { SessionModel } from '../../core/sessions/sessionModel';

/**
 * Issue 43: a session's rights change, the session changes. Approval, a new role, a move and a
 * second factor newly required end the sessions begun under the old rights (and tell their live
 * connections why); the next sign-in asks for what the new rights need and gets a new session id.
 */
let server: TestServer;
let fx: Fixture;
let platform: ApiClient;
let adminA: ApiClient;
const open: TestSocket[] = [];

useServerWithFixture((s) => ({ server, fx } = s));
beforeAll(async () => {
  platform = await signedIn(server.baseUrl, fx.platformAdmin);
  adminA = await signedIn(server.baseUrl, fx.a.admin);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/** A signed-in client with a live connection that records why its session ended. */
async function signedInWatching(user: FixtureUser) {
  const client = await signedIn(server.baseUrl, user);
  const socket = await connectSocket(server.baseUrl, client.cookie);
  open.push(socket);
  return { client, cookie: client.cookie, events: record(socket, ['session.ended']), socket };
}

async function endedWith(watched: Awaited<ReturnType<typeof signedInWatching>>, reason: string) {
  await waitFor(() => watched.events.length > 0 && !watched.socket.connected);
  expect(watched.events.map((e) => e.payload)).toEqual([{ reason }]);
  expect((await watched.client.get('/api/auth/me')).status).toBe(401);
  expect(await SessionModel.countDocuments({ _id: sessionIdOf(watched.cookie) })).toBe(0);
}

function sessionIdOf(cookie: string | null): string {
  const value = decodeURIComponent(cookie ?? '');
  return value.slice(0, value.lastIndexOf('.'));
}

async function requirement(schoolId: string, required: boolean) {
  expect((await platform.put(`/api/admin/second-factor?schoolId=${schoolId}`, { required })).status).toBe(200);
}

describe('a change of rights ends the sessions begun under the old ones', () => {
  it('the hole: pending, approved, made Admin of a school that requires a second factor, the old cookie reads nothing; the new sign-in is asked for a factor', async () => {
    await requirement(fx.b.id, true);
    try {
      const newcomer = await makeUser(fx.b.id, 'Tilsynsvakt', 'pending');
      const watched = await signedInWatching(newcomer);
      const oldCookie = watched.cookie;
      expect((await platform.post(`/api/admin/users/${newcomer.id}/approve?schoolId=${fx.b.id}`)).status).toBe(200);
      await endedWith(watched, 'approved');
      expect((await platform.put(`/api/plattformadministrator/users/${newcomer.id}/role`, { role: 'Admin' })).status).toBe(200);
      const replayed = new ApiClient(server.baseUrl);
      replayed.cookie = oldCookie;
      expect((await replayed.get('/api/admin/users')).status).toBe(401);
      // Signing in again: the password alone is not enough for this Admin now.
      const again = await new ApiClient(server.baseUrl).login(newcomer.email, PASSWORD);
      expect(again.status).toBe(403);
      expect((again.body as unknown as { code: string }).code).toBe('secondFactorSetupNeeded');
    } finally {
      await requirement(fx.b.id, false);
    }
  });

  it('approval: the waiting session ends with a reason the client shows; the next sign-in has a new session id and the approved rights', async () => {
    const newcomer = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const watched = await signedInWatching(newcomer);
    expect((await watched.client.get('/api/reports/last-seven-days')).status).toBe(403);
    expect((await adminA.post(`/api/admin/users/${newcomer.id}/approve`)).status).toBe(200);
    await endedWith(watched, 'approved');
    expect(SESSION_END_TEXTS.approved).toMatch(/Logg inn/);
    const fresh = await signedIn(server.baseUrl, newcomer);
    expect(sessionIdOf(fresh.cookie)).not.toBe(sessionIdOf(watched.cookie));
    expect((await fresh.get('/api/auth/me')).status).toBe(200);
  });

  it("an Admin's role change ends the user's sessions (roleChanged)", async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const watched = await signedInWatching(user);
    expect((await adminA.put(`/api/admin/users/${user.id}/role`, { role: 'Admin' })).status).toBe(200);
    await endedWith(watched, 'roleChanged');
  });

  it("the platform's role change, reactivation and transfer end the user's sessions", async () => {
    const roled = await makeUser(fx.a.id, 'Tilsynsvakt');
    const watchedRole = await signedInWatching(roled);
    expect((await platform.put(`/api/plattformadministrator/users/${roled.id}/role`, { role: 'Admin' })).status).toBe(200);
    await endedWith(watchedRole, 'roleChanged');

    const moved = await makeUser(fx.a.id, 'Vaktmester');
    const watchedMove = await signedInWatching(moved);
    expect((await platform.put(`/api/plattformadministrator/users/${moved.id}/transfer`, { schoolId: fx.b.id })).status).toBe(200);
    await endedWith(watchedMove, 'transferred');

    // A deactivated account signs in to its status screen only (no live connection).
    const back = await makeUser(fx.a.id, 'Tilsynsvakt', 'deactivated');
    const statusScreen = await signedIn(server.baseUrl, back);
    expect((await statusScreen.get('/api/auth/me')).status).toBe(200);
    expect((await platform.put(`/api/plattformadministrator/users/${back.id}/status`, { status: 'approved' })).status).toBe(200);
    expect((await statusScreen.get('/api/auth/me')).status).toBe(401);
  });

  it("a second factor newly required ends the covered users' sessions signed in without one, and only those", async () => {
    const admin = await makeUser(fx.b.id, 'Admin');
    const withCode = await makeUser(fx.b.id, 'Admin');
    const supervisor = await makeUser(fx.b.id, 'Tilsynsvakt');
    const byPassword = await signedInWatching(admin);
    const coded = await signedIn(server.baseUrl, withCode);
    const notCovered = await signedIn(server.baseUrl, supervisor);
    // Each session records how it was signed in: by password here, as if with a code for the second.
    const row = await SessionModel.findById(sessionIdOf(coded.cookie)).lean();
    expect(JSON.parse(row!.data)).toMatchObject({ method: 'password' });
    await SessionModel.updateOne(
      { _id: row!._id },
      { $set: { data: JSON.stringify({ ...JSON.parse(row!.data), method: 'passwordAndCode' }) } },
    );
    await requirement(fx.b.id, true);
    try {
      await endedWith(byPassword, 'secondFactorRequired');
      expect((await coded.get('/api/admin/users')).status).toBe(200);
      expect((await notCovered.get('/api/auth/me')).status).toBe(200);
    } finally {
      await requirement(fx.b.id, false);
    }
  });

  it("the platform's requirement switched on ends the Plattformadministratorer's password sessions", async () => {
    const other = await signedInWatching(fx.platformAdmin);
    // The actor needs a factor of their own to switch it on: a passkey row stands in for one here.
    const { PasskeyModel } = await import('../../core/accounts/passkeyModel');
    await PasskeyModel.create({
      userId: fx.platformAdmin.id,
      credentialId: 'test-credential',
      publicKey: 'x',
      counter: 0,
      transports: [],
      name: 'Test',
      createdAt: new Date(),
    });
    try {
      expect((await platform.put('/api/plattformadministrator/second-factor', { required: true })).status).toBe(200);
      await endedWith(other, 'secondFactorRequired');
      expect((await platform.get('/api/auth/me')).status).toBe(401);
    } finally {
      const fresh = await signedIn(server.baseUrl, fx.platformAdmin).catch(() => null);
      await (await import('mongoose')).default.connection.collection('platformsettings').deleteMany({});
      await PasskeyModel.deleteMany({ credentialId: 'test-credential' });
      platform = fresh ?? (await signedIn(server.baseUrl, fx.platformAdmin));
    }
  });
});
