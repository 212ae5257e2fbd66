// Contract: SPEC.md §7 'Platform administrator', written from SPEC.md (§3, §4, §5, §6, §7, §8) and
// DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is what is
// wrong (or the spec, and then the spec is changed first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { PASSWORD } from '../../test/fixtures';
import { TestClock } from '../../test/testClock';
import {
  expectClientError,
  expectOk,
  expectRefused,
  list,
  obj,
  signIn,
  SpecClient,
  startContractServer,
  type ContractServer,
  type Obj,
} from './specClient';

const P = '/api/plattformadministrator';
const clock = new TestClock();
let s: ContractServer;
let n = 0;

beforeAll(async () => {
  clock.setOslo('2026-11-21', 12, 0);
  s = await startContractServer(clock);
});
afterAll(async () => {
  await s?.server.close();
});

async function schools(): Promise<Obj[]> {
  const res = await s.c.platform.get(`${P}/schools`);
  expect(res.status, res.text).toBe(200);
  return list(res, 'schools');
}

async function users(): Promise<Obj[]> {
  const res = await s.c.platform.get(`${P}/users`);
  expect(res.status, res.text).toBe(200);
  return list(res, 'users');
}

const userById = async (id: unknown) => (await users()).find((u) => u.id === id);

/** A school made through the spec's call, found by its (unique) name. */
async function newSchool(): Promise<Obj> {
  n += 1;
  const name = `Kontraktskole ${n}`;
  expectOk(await s.c.platform.post(`${P}/schools`, { name }));
  const school = (await schools()).find((x) => x.name === name);
  expect(school, name).toBeDefined();
  return school!;
}

/** A user made through the spec's call, found by e-mail. */
async function newUser(role: 'Admin' | 'Tilsynsvakt', schoolId = s.fx.a.id): Promise<Obj> {
  n += 1;
  const email = `plattform.laget${n}@test.no`;
  expectOk(await s.c.platform.post(`${P}/users`, { name: `Laget ${n}`, email, password: 'hemmelig1', role, schoolId }));
  const user = (await users()).find((u) => u.email === email);
  expect(user, email).toBeDefined();
  return user!;
}

describe('GET /api/plattformadministrator/schools returns schools', () => {
  it('Plattformadministrator gets every school: id, name, active', async () => {
    const all = await schools();
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: s.fx.a.id, name: 'Skole A', active: true }),
        expect.objectContaining({ id: s.fx.b.id, name: 'Skole B', active: true }),
        expect.objectContaining({ id: s.fx.inactiveSchool.id, name: 'Nedlagt skole', active: false }),
      ]),
    );
  });

  it('Admin (of either school) and the signed-out are refused', async () => {
    expectRefused(await s.c.adminA.get(`${P}/schools`), 'admin A');
    expectRefused(await s.c.adminB.get(`${P}/schools`), 'admin B');
    expectRefused(await s.c.anonymous.get(`${P}/schools`), 'anonymous');
  });
});

describe('GET /api/plattformadministrator/users returns users', () => {
  it("Plattformadministrator gets the users of every school with §3's fields", async () => {
    const all = await users();
    for (const u of [s.fx.a.admin, s.fx.a.pending, s.fx.b.supervisor, s.fx.a.deactivated]) {
      expect(
        all.find((x) => x.id === u.id),
        u.email,
      ).toMatchObject({ name: u.name, email: u.email, role: u.role, status: u.status, schoolId: u.schoolId });
    }
  });

  it('Admin and Tilsynsvakt are refused', async () => {
    expectRefused(await s.c.adminA.get(`${P}/users`), 'admin A');
    expectRefused(await s.c.supervisorB.get(`${P}/users`), 'supervisor B');
  });
});

describe('POST /api/plattformadministrator/schools, body {name}', () => {
  it('Plattformadministrator creates a school', async () => {
    const school = await newSchool();
    expect(typeof school.id === 'string' && typeof school.active === 'boolean', JSON.stringify(school)).toBe(true);
  });

  it('a blank name is refused with a message; Admin is refused; nothing stored', async () => {
    const before = (await schools()).length;
    expectClientError(await s.c.platform.post(`${P}/schools`, { name: '   ' }), 'blank');
    expectRefused(await s.c.adminA.post(`${P}/schools`, { name: 'Adminens skole' }), 'admin');
    expect(await schools()).toHaveLength(before);
  });
});

describe('PUT /api/plattformadministrator/schools/{id}, body {active}', () => {
  it('Plattformadministrator deactivates and reactivates a school', async () => {
    const school = await newSchool();
    expectOk(await s.c.platform.put(`${P}/schools/${String(school.id)}`, { active: false }));
    expect((await schools()).find((x) => x.id === school.id)).toMatchObject({ active: false });
    expectOk(await s.c.platform.put(`${P}/schools/${String(school.id)}`, { active: true }));
    expect((await schools()).find((x) => x.id === school.id)).toMatchObject({ active: true });
  });

  it('Admin is refused; the school stays as it was', async () => {
    expectRefused(await s.c.adminA.put(`${P}/schools/${s.fx.a.id}`, { active: false }));
    expect((await schools()).find((x) => x.id === s.fx.a.id)).toMatchObject({ active: true });
  });
});

describe('DELETE /api/plattformadministrator/schools/{id}', () => {
  it('Plattformadministrator deletes a school with all its data (its users too)', async () => {
    const school = await newSchool();
    const user = await newUser('Admin', String(school.id));
    expectOk(await s.c.platform.delete(`${P}/schools/${String(school.id)}`));
    expect((await schools()).map((x) => x.id)).not.toContain(school.id);
    expect(await userById(user.id)).toBeUndefined();
  });

  it('Admin is refused; the school stays', async () => {
    const school = await newSchool();
    expectRefused(await s.c.adminA.delete(`${P}/schools/${String(school.id)}`));
    expect((await schools()).map((x) => x.id)).toContain(school.id);
  });
});

describe('POST /api/plattformadministrator/users, body {name, email, password, role, schoolId}', () => {
  it.each(['Admin', 'Tilsynsvakt'] as const)('creates an approved %s of the school, who can sign in', async (role) => {
    const user = await newUser(role);
    expect(user).toMatchObject({ role, status: 'approved', schoolId: s.fx.a.id });
    const login = await new SpecClient(s.server.baseUrl).login(String(user.email), 'hemmelig1');
    expect(login.status).toBe(200);
    expect(obj(login).user).toMatchObject({ id: user.id, role, status: 'approved' });
  });

  it('a password under 6 characters is refused with a message; Admin is refused; nothing stored', async () => {
    const body = (email: string, password: string) => ({ name: 'Ikke Laget', email, password, role: 'Tilsynsvakt', schoolId: s.fx.a.id });
    expectClientError(await s.c.platform.post(`${P}/users`, body('kort.passord@test.no', '12345')), 'short password');
    expectRefused(await s.c.adminA.post(`${P}/users`, body('fra.admin@test.no', 'hemmelig1')), 'admin');
    const emails = (await users()).map((u) => u.email);
    expect(emails).not.toContain('kort.passord@test.no');
    expect(emails).not.toContain('fra.admin@test.no');
  });
});

describe('PUT /api/plattformadministrator/users/{id}/role, body {role}', () => {
  it('Plattformadministrator changes Tilsynsvakt to Admin and back', async () => {
    const user = await newUser('Tilsynsvakt');
    expectOk(await s.c.platform.put(`${P}/users/${String(user.id)}/role`, { role: 'Admin' }));
    expect(await userById(user.id)).toMatchObject({ role: 'Admin' });
    expectOk(await s.c.platform.put(`${P}/users/${String(user.id)}/role`, { role: 'Tilsynsvakt' }));
    expect(await userById(user.id)).toMatchObject({ role: 'Tilsynsvakt' });
  });

  it('Admin is refused; the role stays', async () => {
    const user = await newUser('Tilsynsvakt');
    expectRefused(await s.c.adminA.put(`${P}/users/${String(user.id)}/role`, { role: 'Admin' }));
    expect(await userById(user.id)).toMatchObject({ role: 'Tilsynsvakt' });
  });
});

describe('PUT /api/plattformadministrator/users/{id}/status, body {status}', () => {
  it('Plattformadministrator switches approved to deactivated and back (§4)', async () => {
    const user = await newUser('Tilsynsvakt');
    const session = await signIn(s.server.baseUrl, String(user.email), 'hemmelig1');
    expectOk(await s.c.platform.put(`${P}/users/${String(user.id)}/status`, { status: 'deactivated' }));
    expect(await userById(user.id)).toMatchObject({ status: 'deactivated' });
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expectOk(await s.c.platform.put(`${P}/users/${String(user.id)}/status`, { status: 'approved' }));
    expect(await userById(user.id)).toMatchObject({ status: 'approved' });
  });

  it('Admin is refused; the status stays', async () => {
    const user = await newUser('Tilsynsvakt');
    expectRefused(await s.c.adminA.put(`${P}/users/${String(user.id)}/status`, { status: 'deactivated' }));
    expect(await userById(user.id)).toMatchObject({ status: 'approved' });
  });
});

describe('PUT /api/plattformadministrator/users/{id}/transfer, body {schoolId}', () => {
  it("moves a user to another active school: the new school's Admin sees them, the old one's does not", async () => {
    const user = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectOk(await s.c.platform.put(`${P}/users/${user.id}/transfer`, { schoolId: s.fx.b.id }));
    expect(await userById(user.id)).toMatchObject({ schoolId: s.fx.b.id });
    expect((await s.c.adminB.get('/api/admin/users')).text).toContain(user.email);
    expect((await s.c.adminA.get('/api/admin/users')).text).not.toContain(user.email);
    const me = await signIn(s.server.baseUrl, user.email, PASSWORD);
    expect(obj(await me.get('/api/auth/me')).user).toMatchObject({ schoolId: s.fx.b.id });
  });

  it('an inactive school is refused with a message (§6: "another active school"); the user stays', async () => {
    const user = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectClientError(await s.c.platform.put(`${P}/users/${user.id}/transfer`, { schoolId: s.fx.inactiveSchool.id }));
    expect(await userById(user.id)).toMatchObject({ schoolId: s.fx.a.id });
  });

  it('Admin is refused; the user stays', async () => {
    const user = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    expectRefused(await s.c.adminA.put(`${P}/users/${user.id}/transfer`, { schoolId: s.fx.b.id }));
    expect(await userById(user.id)).toMatchObject({ schoolId: s.fx.a.id });
  });
});

describe('DELETE /api/plattformadministrator/users/{id}', () => {
  it('Plattformadministrator deletes a user, who can no longer sign in', async () => {
    const user = await newUser('Admin');
    expectOk(await s.c.platform.delete(`${P}/users/${String(user.id)}`));
    expect(await userById(user.id)).toBeUndefined();
    expectRefused(await new SpecClient(s.server.baseUrl).login(String(user.email), 'hemmelig1'));
  });

  it('Admin is refused; the user stays', async () => {
    const user = await newUser('Tilsynsvakt');
    expectRefused(await s.c.adminA.delete(`${P}/users/${String(user.id)}`));
    expect(await userById(user.id)).toBeDefined();
  });
});
