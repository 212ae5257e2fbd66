// Contract: SPEC.md §7 'Admin users and classes', written from SPEC.md (§3, §4, §5, §6, §7, §8) and
// DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is what is
// wrong (or the spec, and then the spec is changed first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { PASSWORD, type FixtureUser } from '../../test/fixtures';
import { TestClock } from '../../test/testClock';
import {
  expectClientError,
  expectOk,
  expectRefused,
  forSchool,
  leaks,
  list,
  signIn,
  SpecClient,
  startContractServer,
  type ContractServer,
  type Obj,
} from './specClient';

const clock = new TestClock();
let s: ContractServer;

beforeAll(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  s = await startContractServer(clock);
});
afterAll(async () => {
  await s?.server.close();
});

/** 'returns users': §3 User fields id, name, email, role, status, schoolId. */
async function users(client: SpecClient, path: string): Promise<Obj[]> {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return list(res, 'users');
}

async function userInA(id: string): Promise<Obj | undefined> {
  return (await users(s.c.adminA, '/api/admin/users')).find((u) => u.id === id);
}

async function classesOf(client: SpecClient, path = '/api/admin/classes'): Promise<Obj[]> {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return list(res, 'classes');
}

describe('GET /api/admin/users/pending and GET /api/admin/users return users', () => {
  it("Admin gets the school's pending users, and all its users, with §3's fields", async () => {
    const pending = await users(s.c.adminA, '/api/admin/users/pending');
    expect(pending.find((u) => u.id === s.fx.a.pending.id)).toMatchObject({
      name: 'Ny A',
      email: s.fx.a.pending.email,
      status: 'pending',
      role: 'Tilsynsvakt',
    });
    expect(pending.every((u) => u.status === 'pending')).toBe(true);
    const all = await users(s.c.adminA, '/api/admin/users');
    for (const u of [s.fx.a.admin, s.fx.a.supervisor, s.fx.a.caretaker, s.fx.a.deactivated]) {
      expect(
        all.find((x) => x.id === u.id),
        u.email,
      ).toMatchObject({ name: u.name, email: u.email, role: u.role, status: u.status });
    }
  });

  it("Plattformadministrator gets a school's users", async () => {
    expect((await users(s.c.platform, forSchool('/api/admin/users/pending', s.fx.a.id))).map((u) => u.id)).toContain(s.fx.a.pending.id);
    expect((await users(s.c.platform, forSchool('/api/admin/users', s.fx.a.id))).map((u) => u.id)).toContain(s.fx.a.supervisor.id);
  });

  it('Tilsynsvakt is refused', async () => {
    expectRefused(await s.c.supervisorA.get('/api/admin/users/pending'), 'pending');
    expectRefused(await s.c.supervisorA.get('/api/admin/users'), 'all');
  });

  it("the other school's Admin sees none of school A's users", async () => {
    for (const path of ['/api/admin/users/pending', '/api/admin/users']) {
      const res = await s.c.adminB.get(path);
      expect(res.status).toBe(200);
      expect(leaks(res, s.fx.a.pending.email, s.fx.a.supervisor.email, s.fx.a.admin.email), path).toEqual([]);
    }
  });
});

describe('POST /api/admin/users/{id}/approve, /reject, /deactivate (no body)', () => {
  it('approve: Admin approves a pending user, who is then approved', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    expectOk(await s.c.adminA.post(`/api/admin/users/${u.id}/approve`));
    expect(await userInA(u.id)).toMatchObject({ status: 'approved' });
  });

  it('approve: Plattformadministrator approves on the school', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    expectOk(await s.c.platform.post(forSchool(`/api/admin/users/${u.id}/approve`, s.fx.a.id)));
    expect(await userInA(u.id)).toMatchObject({ status: 'approved' });
  });

  it('reject: the registration is deleted, and the e-mail can register again (DECISIONS)', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    expectOk(await s.c.adminA.post(`/api/admin/users/${u.id}/reject`));
    expect((await users(s.c.adminA, '/api/admin/users/pending')).map((x) => x.id)).not.toContain(u.id);
    expect(await userInA(u.id)).toBeUndefined();
    const again = await s.c.anonymous.post('/api/auth/register', {
      schoolId: s.fx.a.id,
      name: u.name,
      email: u.email,
      password: 'hemmelig1',
    });
    expectOk(again);
  });

  it('deactivate: the user is deactivated and their session ends (DECISIONS)', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const session = await signIn(s.server.baseUrl, u.email, PASSWORD);
    expectOk(await s.c.adminA.post(`/api/admin/users/${u.id}/deactivate`));
    expect(await userInA(u.id)).toMatchObject({ status: 'deactivated' });
    expect((await session.get('/api/auth/me')).status).toBe(401);
  });

  it('Tilsynsvakt is refused each of them; the user is unchanged', async () => {
    const pending = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    const approved = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectRefused(await s.c.supervisorA.post(`/api/admin/users/${pending.id}/approve`), 'approve');
    expectRefused(await s.c.supervisorA.post(`/api/admin/users/${pending.id}/reject`), 'reject');
    expectRefused(await s.c.supervisorA.post(`/api/admin/users/${approved.id}/deactivate`), 'deactivate');
    expect(await userInA(pending.id)).toMatchObject({ status: 'pending' });
    expect(await userInA(approved.id)).toMatchObject({ status: 'approved' });
  });

  it("the other school's Admin cannot act on school A's users (a 4xx), who are unchanged", async () => {
    const pending = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    const approved = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectClientError(await s.c.adminB.post(`/api/admin/users/${pending.id}/approve`), 'approve');
    expectClientError(await s.c.adminB.post(`/api/admin/users/${pending.id}/reject`), 'reject');
    expectClientError(await s.c.adminB.post(`/api/admin/users/${approved.id}/deactivate`), 'deactivate');
    expect(await userInA(pending.id)).toMatchObject({ status: 'pending' });
    expect(await userInA(approved.id)).toMatchObject({ status: 'approved' });
  });

  it('an Admin cannot act on their own row (§4)', async () => {
    expectClientError(await s.c.adminA.post(`/api/admin/users/${s.fx.a.admin.id}/deactivate`));
    expect(await userInA(s.fx.a.admin.id)).toMatchObject({ status: 'approved' });
  });
});

describe('PUT /api/admin/users/{id}/role, body {role}', () => {
  it('Admin: Tilsynsvakt to Admin, Admin to Tilsynsvakt, Tilsynsvakt to Vaktmester, Vaktmester to Tilsynsvakt (§4)', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    for (const role of ['Admin', 'Tilsynsvakt', 'Vaktmester', 'Tilsynsvakt']) {
      expectOk(await s.c.adminA.put(`/api/admin/users/${u.id}/role`, { role }), role);
      expect(await userInA(u.id), role).toMatchObject({ role });
    }
  });

  it('Plattformadministrator changes a role on the school', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectOk(await s.c.platform.put(forSchool(`/api/admin/users/${u.id}/role`, s.fx.a.id), { role: 'Admin' }));
    expect(await userInA(u.id)).toMatchObject({ role: 'Admin' });
  });

  it('a change §4 does not list (to Plattformadministrator) is refused with a message', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectClientError(await s.c.adminA.put(`/api/admin/users/${u.id}/role`, { role: 'Plattformadministrator' }));
    expect(await userInA(u.id)).toMatchObject({ role: 'Tilsynsvakt' });
  });

  it("Tilsynsvakt is refused; the other school's Admin gets a 4xx; the role stays", async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectRefused(await s.c.supervisorA.put(`/api/admin/users/${u.id}/role`, { role: 'Admin' }));
    expectClientError(await s.c.adminB.put(`/api/admin/users/${u.id}/role`, { role: 'Admin' }));
    expect(await userInA(u.id)).toMatchObject({ role: 'Tilsynsvakt' });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('Admin deletes a user: gone from the list, and they can no longer sign in', async () => {
    const u = await makeUser(s.fx.a.id, 'Vaktmester');
    expectOk(await s.c.adminA.delete(`/api/admin/users/${u.id}`));
    expect(await userInA(u.id)).toBeUndefined();
    expectRefused(await new SpecClient(s.server.baseUrl).login(u.email, PASSWORD));
  });

  it('Plattformadministrator deletes a user of the school', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectOk(await s.c.platform.delete(forSchool(`/api/admin/users/${u.id}`, s.fx.a.id)));
    expect(await userInA(u.id)).toBeUndefined();
  });

  it("Tilsynsvakt is refused; the other school's Admin gets a 4xx; the user stays", async () => {
    const u: FixtureUser = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectRefused(await s.c.supervisorA.delete(`/api/admin/users/${u.id}`));
    expectClientError(await s.c.adminB.delete(`/api/admin/users/${u.id}`));
    expect(await userInA(u.id)).toMatchObject({ email: u.email });
  });
});

describe('GET /api/admin/classes returns classes [{id, className}]; POST {className}; DELETE /{id}', () => {
  it('Admin adds a class and sees it by id and className', async () => {
    expectOk(await s.c.adminA.post('/api/admin/classes', { className: '1STA' }));
    const added = (await classesOf(s.c.adminA)).find((c) => c.className === '1STA');
    expect(typeof added?.id === 'string' && added.id.length > 0, JSON.stringify(added)).toBe(true);
  });

  it("Plattformadministrator adds and reads a school's classes", async () => {
    expectOk(await s.c.platform.post(forSchool('/api/admin/classes', s.fx.a.id), { className: '2STB' }));
    expect((await classesOf(s.c.platform, forSchool('/api/admin/classes', s.fx.a.id))).map((c) => c.className)).toContain('2STB');
    expect((await classesOf(s.c.adminA)).map((c) => c.className)).toContain('2STB');
  });

  it('an empty class name (after trimming) is refused with a message, nothing stored', async () => {
    const before = await classesOf(s.c.adminA);
    expectClientError(await s.c.adminA.post('/api/admin/classes', { className: '   ' }));
    expect(await classesOf(s.c.adminA)).toEqual(before);
  });

  it('Vaktmester and Tilsynsvakt are refused adding, the Vaktmester reading (admin screens: Admin, Plattformadministrator); nothing stored', async () => {
    expectRefused(await s.c.supervisorA.post('/api/admin/classes', { className: 'Fra tilsynet' }), 'supervisor POST');
    expectRefused(await s.c.caretakerA.post('/api/admin/classes', { className: 'Fra vaktmesteren' }), 'caretaker POST');
    expectRefused(await s.c.caretakerA.get('/api/admin/classes'), 'caretaker GET');
    const names = (await classesOf(s.c.adminA)).map((c) => c.className);
    expect(names).not.toContain('Fra tilsynet');
    expect(names).not.toContain('Fra vaktmesteren');
  });

  it("the other school's Admin sees none of school A's classes", async () => {
    const res = await s.c.adminB.get('/api/admin/classes');
    expect(res.status).toBe(200);
    expect(leaks(res, '1STA', '2STB')).toEqual([]);
  });

  it("DELETE: Tilsynsvakt refused, the other school's Admin a 4xx, then Admin deletes it", async () => {
    expectOk(await s.c.adminA.post('/api/admin/classes', { className: '3STC' }));
    const cls = (await classesOf(s.c.adminA)).find((c) => c.className === '3STC')!;
    expectRefused(await s.c.supervisorA.delete(`/api/admin/classes/${String(cls.id)}`), 'supervisor');
    expectClientError(await s.c.adminB.delete(`/api/admin/classes/${String(cls.id)}`), 'admin B');
    expect((await classesOf(s.c.adminA)).map((c) => c.id)).toContain(cls.id);
    expectOk(await s.c.adminA.delete(`/api/admin/classes/${String(cls.id)}`));
    expect((await classesOf(s.c.adminA)).map((c) => c.id)).not.toContain(cls.id);
  });

  it("DELETE: Plattformadministrator deletes a school's class", async () => {
    expectOk(await s.c.adminA.post('/api/admin/classes', { className: '4STD' }));
    const cls = (await classesOf(s.c.adminA)).find((c) => c.className === '4STD')!;
    expectOk(await s.c.platform.delete(forSchool(`/api/admin/classes/${String(cls.id)}`, s.fx.a.id)));
    expect((await classesOf(s.c.adminA)).map((c) => c.id)).not.toContain(cls.id);
  });
});
