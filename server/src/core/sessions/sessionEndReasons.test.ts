import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_COOKIE } from '#protocol/product';
import { sessionEndText, type ServerSessionEndReason } from '#protocol/sessionEnd';
import { SESSION_COOKIE } from '../../plugins/session';
import { makeUser, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';
import { purgeExpiredSessions } from './sessionStore';

/**
 * A session the server ends (issue 27) is told to the screen live; a device that missed that (off
 * line, or between two connections) hears the same reason from its next call, not only 'not signed in'.
 */

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

async function expectEndedBy(client: ApiClient, reason: ServerSessionEndReason): Promise<void> {
  const me = await client.get('/api/auth/me');
  expect(me.status).toBe(401);
  expect(me.body).toEqual({ message: sessionEndText(reason, null), code: 'sessionEnded', reason });
}

async function signedInAs(role: 'Tilsynsvakt' | 'Vaktmester', schoolId = fx.a.id): Promise<{ id: string; client: ApiClient }> {
  const user = await makeUser(schoolId, role);
  return { id: user.id, client: await signedIn(server.baseUrl, user) };
}

describe('why a session ended, for a device that asks afterwards', () => {
  it('a user deactivated, deleted or moved to another school: each old session hears why from its next call', async () => {
    const deactivated = await signedInAs('Tilsynsvakt');
    const deleted = await signedInAs('Vaktmester');
    const moved = await signedInAs('Tilsynsvakt');
    expect((await c.adminA.post(`/api/admin/users/${deactivated.id}/deactivate`)).status).toBe(200);
    expect((await c.adminA.delete(`/api/admin/users/${deleted.id}`)).status).toBe(200);
    expect((await c.platform.put(`/api/plattformadministrator/users/${moved.id}/transfer`, { schoolId: fx.b.id })).status).toBe(200);
    // Not only /me: the first call of any signed-in route says it.
    const list = await deactivated.client.get('/api/sick');
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ message: sessionEndText('deactivated', null), code: 'sessionEnded', reason: 'deactivated' });
    // Its answer clears the cookie, so it is said once (the client keeps what it heard: api/http.ts).
    expect(deactivated.client.cookie).toBeNull();
    expect((await deactivated.client.get('/api/auth/me')).body).toMatchObject({ code: 'notSignedIn' });
    await expectEndedBy(deleted.client, 'deleted');
    await expectEndedBy(moved.client, 'transferred');
  });

  it("a school switched off: its users' sessions hear why", async () => {
    const school = (await c.platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Slås av for økter' })).body;
    const user = await makeUser(school.id, 'Tilsynsvakt');
    const client = await signedIn(server.baseUrl, user);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await c.platform.put(`/api/plattformadministrator/schools/${school.id}`, { active: false })).status).toBe(200);
    await expectEndedBy(client, 'schoolInactive');
  });

  it('a page asked for first (a phone opened from its home screen): its answer leaves the reason for the page to read', async () => {
    const user = await signedInAs('Tilsynsvakt');
    expect((await c.adminA.post(`/api/admin/users/${user.id}/deactivate`)).status).toBe(200);
    const page = await fetch(`${server.baseUrl}/tilsynsvakt`, { headers: { cookie: `${SESSION_COOKIE}=${user.client.cookie}` } });
    expect(page.status).toBe(200);
    const set = page.headers.getSetCookie();
    // Readable by the page's script, and gone in ten minutes; the session cookie is cleared beside it.
    expect(set).toContainEqual(
      expect.stringMatching(new RegExp(`^${SESSION_ENDED_COOKIE}=deactivated; Max-Age=600; Path=/; SameSite=Lax$`)),
    );
    expect(set).toContainEqual(expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=;`)));
    // A browser without such a cookie gets none.
    const fresh = await fetch(`${server.baseUrl}/tilsynsvakt`);
    expect(fresh.headers.getSetCookie()).toEqual([]);
  });

  it('the password changed on one device: the others hear why, the one it was changed on stays signed in', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const here = await signedIn(server.baseUrl, user);
    const other = await signedIn(server.baseUrl, user);
    const change = await here.put('/api/auth/change-password', { currentPassword: 'passord123', newPassword: 'nyttpassord456' });
    expect(change.status).toBe(200);
    await expectEndedBy(other, 'passwordChanged');
    expect((await here.get('/api/auth/me')).status).toBe(200);
  });

  it("the person's own sign-out, a cookie never issued, and a reason past its day: plain 'not signed in'", async () => {
    const own = await signedInAs('Tilsynsvakt');
    const kept = own.client.cookie;
    expect((await own.client.post('/api/auth/logout')).status).toBe(200);
    const after = new ApiClient(server.baseUrl);
    after.cookie = kept;
    expect((await after.get('/api/auth/me')).body).toMatchObject({ code: 'notSignedIn' });
    expect((await after.get('/api/auth/me')).body).not.toHaveProperty('reason');

    const forged = new ApiClient(server.baseUrl);
    forged.cookie = 'ukjent.signatur';
    expect((await forged.get('/api/auth/me')).body).toMatchObject({ code: 'notSignedIn' });

    const old = await signedInAs('Vaktmester');
    expect((await c.adminA.post(`/api/admin/users/${old.id}/deactivate`)).status).toBe(200);
    await expectEndedBy(old.client, 'deactivated');
    // Kept a day, longer than the cookie itself lives by default (12 h), then purged with expired sessions.
    await purgeExpiredSessions(new Date(Date.now() + 25 * 3_600_000));
    expect((await old.client.get('/api/auth/me')).body).toMatchObject({ code: 'notSignedIn' });
  });
});
