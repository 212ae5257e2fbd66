import { describe, expect, it } from 'vitest';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { UserModel } from '../../core/accounts/userModel';
import { useSeededServer } from '../../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

type UserBody = { id: string; name: string; status: string; role: string; schoolId: string };
const statusOf = async (id: string) => (await UserModel.findById(id).lean())?.status ?? 'slettet';

describe('GET /api/admin/users and /pending', () => {
  it('is for Admins, each seeing only their own school', async () => {
    for (const path of ['/api/admin/users', '/api/admin/users/pending']) {
      await expectAccess(c, (x) => x.get(path), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    }
    const all = await c.adminA.get<UserBody[]>('/api/admin/users');
    expect(new Set(all.body.map((u) => u.schoolId))).toEqual(new Set([fx.a.id]));
    expect(all.body.map((u) => u.id)).toEqual(
      expect.arrayContaining([fx.a.admin.id, fx.a.supervisor.id, fx.a.caretaker.id, fx.a.pending.id, fx.a.deactivated.id]),
    );
    const names = all.body.map((u) => u.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'nb', { numeric: true, sensitivity: 'base' })));
    const pendingB = await c.adminB.get<UserBody[]>('/api/admin/users/pending');
    expect(pendingB.body.map((u) => u.id)).toEqual([fx.b.pending.id]);
  });
});

describe('the Plattformadministrator on the users screen (spec §2.5)', () => {
  it("manages the chosen school's users, and only that school's", async () => {
    const list = await c.platform.get<UserBody[]>(`/api/admin/users?schoolId=${fx.b.id}`);
    expect(list.status).toBe(200);
    expect(new Set(list.body.map((u) => u.schoolId))).toEqual(new Set([fx.b.id]));
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    expect((await c.platform.post(`/api/admin/users/${target.id}/approve?schoolId=${fx.b.id}`)).status).toBe(404);
    expect(await statusOf(target.id)).toBe('pending');
    const approved = await c.platform.post<UserBody>(`/api/admin/users/${target.id}/approve?schoolId=${fx.a.id}`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: target.id, status: 'approved', schoolId: fx.a.id });
    const audit = await c.adminA.get<Array<{ action: string; targetName: string }>>('/api/admin/audit');
    expect(audit.body.some((entry) => entry.action === 'user.approved' && entry.targetName === target.name)).toBe(true);
  });
});

describe('approve and reject', () => {
  it('approve: only the own school’s Admin, only a pending user, once', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    await expectAccess(
      c,
      (x) => x.post(`/api/admin/users/${target.id}/approve`),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect(await statusOf(target.id)).toBe('approved');
    expect((await c.adminA.post(`/api/admin/users/${target.id}/approve`)).status).toBe(409);
    expect((await c.adminA.post(`/api/admin/users/${fx.a.supervisor.id}/approve`)).status).toBe(409);
  });

  it('approving ends the waiting session (issue 43); the next sign-in is the approved person', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const waiting = await signedIn(server.baseUrl, target);
    expect((await waiting.get('/api/admin/users')).status).toBe(403);
    expect((await waiting.put('/api/auth/change-password', { currentPassword: 'passord123', newPassword: 'nyttpassord' })).status).toBe(
      403,
    );
    await c.adminA.post(`/api/admin/users/${target.id}/approve`);
    expect((await waiting.get('/api/auth/me')).status).toBe(401);
    const me = await (await signedIn(server.baseUrl, target)).get<{ user: UserBody }>('/api/auth/me');
    expect(me.body.user.status).toBe('approved');
  });

  it('two admins approving at once: one wins, the other is told', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const admin2 = await makeUser(fx.a.id, 'Admin');
    const second = await signedIn(server.baseUrl, admin2);
    const results = await Promise.all([
      c.adminA.post(`/api/admin/users/${target.id}/approve`),
      second.post(`/api/admin/users/${target.id}/approve`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('reject deletes the registration so the e-mail can register again', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const session = await signedIn(server.baseUrl, target);
    await expectAccess(
      c,
      (x) => x.post(`/api/admin/users/${target.id}/reject`),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect(await UserModel.exists({ _id: target.id })).toBeNull();
    expect((await session.get('/api/auth/me')).status).toBe(401);
    const again = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      schoolId: fx.a.id,
      name: 'Igjen',
      email: target.email,
      password: 'hemmelig',
    });
    expect(again.status).toBe(201);
    expect((await c.adminA.post(`/api/admin/users/${fx.a.supervisor.id}/reject`)).status).toBe(409);
    expect(await statusOf(fx.a.supervisor.id)).toBe('approved');
  });
});

describe('deactivate', () => {
  it('only the own school’s Admin, only an approved user other than themselves', async () => {
    const target = await makeUser(fx.a.id, 'Vaktmester');
    const session = await signedIn(server.baseUrl, target);
    await expectAccess(
      c,
      (x) => x.post(`/api/admin/users/${target.id}/deactivate`),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect(await statusOf(target.id)).toBe('deactivated');
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await c.adminA.post(`/api/admin/users/${target.id}/deactivate`)).status).toBe(409);
    expect((await c.adminA.post(`/api/admin/users/${fx.a.admin.id}/deactivate`)).status).toBe(403);
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('allows exactly the role changes of the spec', async () => {
    const allowed: Array<[string, string]> = [
      ['Tilsynsvakt', 'Admin'],
      ['Tilsynsvakt', 'Vaktmester'],
      ['Admin', 'Tilsynsvakt'],
      ['Vaktmester', 'Tilsynsvakt'],
    ];
    for (const [from, to] of allowed) {
      const target = await makeUser(fx.a.id, from as 'Admin');
      const res = await c.adminA.put<UserBody>(`/api/admin/users/${target.id}/role`, { role: to });
      expect(res.status, `${from} → ${to}`).toBe(200);
      expect(res.body.role).toBe(to);
    }
    const refused: Array<[string, string]> = [
      ['Admin', 'Vaktmester'],
      ['Vaktmester', 'Admin'],
      ['Tilsynsvakt', 'Tilsynsvakt'],
    ];
    for (const [from, to] of refused) {
      const target = await makeUser(fx.a.id, from as 'Admin');
      const res = await c.adminA.put(`/api/admin/users/${target.id}/role`, { role: to });
      expect(res.status, `${from} → ${to}`).toBe(400);
      expect((await UserModel.findById(target.id).lean())!.role).toBe(from);
    }
  });

  it('cannot make anyone Plattformadministrator, nor change pending users or oneself', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const promote = await c.adminA.put<{ message: string }>(`/api/admin/users/${target.id}/role`, { role: 'Plattformadministrator' });
    expect(promote.status).toBe(400);
    expect(promote.body.message).toContain('«rolle»');
    expect((await c.adminA.put(`/api/admin/users/${fx.a.pending.id}/role`, { role: 'Admin' })).status).toBe(409);
    expect((await c.adminA.put(`/api/admin/users/${fx.a.admin.id}/role`, { role: 'Tilsynsvakt' })).status).toBe(403);
    for (const body of [{}, { role: { $ne: 'x' } }, { role: 42 }, []]) {
      expect((await c.adminA.put(`/api/admin/users/${target.id}/role`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await UserModel.findById(target.id).lean())!.role).toBe('Tilsynsvakt');
  });

  it('is refused for everyone but the own school’s Admin', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    await expectAccess(
      c,
      (x) => x.put(`/api/admin/users/${target.id}/role`, { role: 'Vaktmester' }),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user of the own school and ends their sessions', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const session = await signedIn(server.baseUrl, target);
    await expectAccess(c, (x) => x.delete(`/api/admin/users/${target.id}`), refusedExcept({ adminB: 404, platform: 400, adminA: 200 }));
    expect(await UserModel.exists({ _id: target.id })).toBeNull();
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await c.adminA.delete(`/api/admin/users/${target.id}`)).status).toBe(404);
    expect((await c.adminA.delete(`/api/admin/users/${fx.a.admin.id}`)).status).toBe(403);
    expect((await c.adminA.delete('/api/admin/users/ikke-en-id')).status).toBe(400);
  });
});
