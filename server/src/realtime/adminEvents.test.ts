import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEventName } from '#protocol/events';
import { makeUser } from '../../test/callers';
import type { Fixture, FixtureUser } from '../../test/fixtures';
import { signedIn } from '../../test/sessions';
import { collect, nextEvent, record, socketPool, waitFor, waitForDisconnect, type TestSocket } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);

useServerWithFixture((started) => ({ server, fx } = started));
afterEach(() => sockets.closeAll());

const listen = async (user: FixtureUser): Promise<TestSocket> => (await sockets.connectAs(user)).socket;

/** Connects each named user and records what each receives of the given events. */
async function audience(users: Record<string, FixtureUser>, events: ServerEventName[]) {
  const received: Record<string, ReturnType<typeof record>> = {};
  for (const [name, user] of Object.entries(users)) received[name] = record(await listen(user), events);
  return received;
}

const eventsOf = (list: Array<{ event: string }> | undefined) => (list ?? []).map((r) => r.event).sort();

describe('user events reach exactly the right rooms', () => {
  it('approval: the waiting user, their school’s admins and the platform (with fresh counts)', async () => {
    const waiting = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const got = await audience(
      {
        waiting,
        adminA: fx.a.admin,
        supervisorA: fx.a.supervisor,
        caretakerA: fx.a.caretaker,
        adminB: fx.b.admin,
        platform: fx.platformAdmin,
      },
      ['users.updated', 'schools.updated', 'session.ended'],
    );
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    expect((await admin.post(`/api/admin/users/${waiting.id}/approve`)).status).toBe(200);

    await waitFor(() => got.waiting!.length === 1 && got.adminA!.length === 1 && got.platform!.length === 2);
    // Issue 43: approval ends the waiting session; its screen is told why, and signs in again.
    expect(got.waiting).toEqual([{ event: 'session.ended', payload: { reason: 'approved' } }]);
    expect(eventsOf(got.platform)).toEqual(['schools.updated', 'users.updated']);
    const counts = got.platform!.find((r) => r.event === 'schools.updated')!.payload as { id: string; counts: { pending: number } };
    expect(counts.id).toBe(fx.a.id);
    await sockets.drainAll();
    expect(got.supervisorA).toEqual([]);
    expect(got.caretakerA).toEqual([]);
    expect(got.adminB).toEqual([]);
  });

  it('a role change closes the user’s sockets, who then rejoin with the new role', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const socket = await listen(target);
    const bystander = await listen(fx.a.supervisor);
    const closed = waitForDisconnect(socket);
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    expect((await admin.put(`/api/admin/users/${target.id}/role`, { role: 'Admin' })).status).toBe(200);
    await closed;
    const barrier = await nextEvent(bystander, 'classes.created', () =>
      admin.post('/api/admin/classes', { className: 'Etter rollebytte' }),
    );
    expect(barrier).toMatchObject({ schoolId: fx.a.id, className: 'Etter rollebytte' });
    expect(bystander.connected).toBe(true);

    const registered = collect(await listen(target), 'users.registered');
    await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ schoolId: fx.a.id, name: 'Etter rolle', email: 'etter.rolle@test.no', password: 'hemmelig' }),
    });
    await waitFor(() => registered.length === 1);
  });

  it('a transfer reaches the admins of both schools', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const got = await audience({ adminA: fx.a.admin, adminB: fx.b.admin }, ['users.updated']);
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    expect((await platform.put(`/api/plattformadministrator/users/${user.id}/transfer`, { schoolId: fx.b.id })).status).toBe(200);
    await waitFor(() => got.adminA!.length === 1 && got.adminB!.length === 1);
    expect(got.adminA![0]!.payload).toMatchObject({ id: user.id, schoolId: fx.b.id });
  });

  it('a deletion reaches the school’s admins and the platform as { id }', async () => {
    const user = await makeUser(fx.b.id, 'Vaktmester');
    const got = await audience({ adminA: fx.a.admin, adminB: fx.b.admin, platform: fx.platformAdmin }, ['users.deleted']);
    const admin = await signedIn(server.baseUrl, fx.b.admin);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
    await waitFor(() => got.adminB!.length === 1 && got.platform!.length === 1);
    expect(got.adminB![0]!.payload).toEqual({ id: user.id });
    await sockets.drainAll();
    expect(got.adminA).toEqual([]);
  });
});

describe('class and school events', () => {
  it('classes reach everyone of the school and the platform, nobody else', async () => {
    const got = await audience(
      {
        adminA: fx.a.admin,
        supervisorA: fx.a.supervisor,
        caretakerA: fx.a.caretaker,
        pendingA: fx.a.pending,
        adminB: fx.b.admin,
        platform: fx.platformAdmin,
      },
      ['classes.created', 'classes.updated', 'classes.deleted'],
    );
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const created = await admin.post<{ id: string }>('/api/admin/classes', { className: 'Live 1' });
    await admin.put(`/api/admin/classes/${created.body.id}`, { className: 'Live 2' });
    await admin.delete(`/api/admin/classes/${created.body.id}`);
    await waitFor(() => ['adminA', 'supervisorA', 'caretakerA', 'platform'].every((n) => got[n]!.length === 3));
    expect(got.caretakerA![1]!.payload).toMatchObject({ id: created.body.id, className: 'Live 2', schoolId: fx.a.id });
    expect(got.supervisorA![2]!.payload).toEqual({ id: created.body.id });
    await sockets.drainAll();
    expect(got.pendingA).toEqual([]);
    expect(got.adminB).toEqual([]);
  });

  it('school changes reach the platform room only', async () => {
    const got = await audience({ adminA: fx.a.admin, platform: fx.platformAdmin }, [
      'schools.created',
      'schools.updated',
      'schools.deleted',
    ]);
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    const school = await platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Live skole' });
    await platform.put(`/api/plattformadministrator/schools/${school.body.id}`, { active: false });
    await platform.delete(`/api/plattformadministrator/schools/${school.body.id}`);
    await waitFor(() => got.platform!.length === 3);
    expect(got.platform!.map((r) => r.event)).toEqual(['schools.created', 'schools.updated', 'schools.deleted']);
    await sockets.drainAll();
    expect(got.adminA).toEqual([]);
  });

  it('deactivating a school closes its users’ sockets', async () => {
    const school = await (
      await signedIn(server.baseUrl, fx.platformAdmin)
    ).post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Stenges' });
    const user = await makeUser(school.body.id, 'Tilsynsvakt');
    const socket = await listen(user);
    const closed = waitForDisconnect(socket);
    await (
      await signedIn(server.baseUrl, fx.platformAdmin)
    ).put(`/api/plattformadministrator/schools/${school.body.id}`, { active: false });
    await closed;
  });
});
