// Contract: SPEC.md §7 'Authentication and schools', written from SPEC.md (§3, §4, §5, §6, §7, §8)
// and DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is
// what is wrong (or the spec, and then the spec is changed first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { PASSWORD } from '../../test/fixtures';
import { TestClock } from '../../test/testClock';
import {
  expectClientError,
  expectMessage,
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

const clock = new TestClock();
let s: ContractServer;

beforeAll(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  s = await startContractServer(clock);
});
afterAll(async () => {
  await s?.server.close();
});

const ROLES = ['Admin', 'Tilsynsvakt', 'Vaktmester', 'Plattformadministrator'] as const;

function userOf(body: Obj): Obj {
  const user = body.user as Obj | undefined;
  expect(user && typeof user === 'object', `a user in ${JSON.stringify(body)}`).toBe(true);
  return user!;
}

function fixtureUser(role: (typeof ROLES)[number]) {
  const { a, platformAdmin } = s.fx;
  return { Admin: a.admin, Tilsynsvakt: a.supervisor, Vaktmester: a.caretaker, Plattformadministrator: platformAdmin }[role];
}

describe('POST /api/auth/login, body {email, password}', () => {
  it.each(ROLES)('%s: user (with role), sessionId and browserCompatible', async (role) => {
    const u = fixtureUser(role);
    const res = await new SpecClient(s.server.baseUrl).login(u.email, PASSWORD);
    expect(res.status).toBe(200);
    const body = obj(res);
    const user = userOf(body);
    // §3 User: id, name, email, role, status, schoolId.
    expect(user).toMatchObject({ id: u.id, name: u.name, email: u.email, role, status: 'approved' });
    if (role !== 'Plattformadministrator') expect(user.schoolId).toBe(s.fx.a.id);
    expect(typeof body.sessionId === 'string' && body.sessionId.length > 0, JSON.stringify(body)).toBe(true);
    // DECISIONS 'Accounts and sessions': the login response carries browserCompatible: true.
    expect(body.browserCompatible).toBe(true);
  });

  it('a pending or deactivated account signs in and learns its status (§2.2 "Signed in, not yet approved")', async () => {
    for (const u of [s.fx.a.pending, s.fx.a.deactivated]) {
      const res = await new SpecClient(s.server.baseUrl).login(u.email, PASSWORD);
      expect(res.status, u.email).toBe(200);
      expect(userOf(obj(res))).toMatchObject({ email: u.email, status: u.status });
    }
  });

  it('a wrong password or an unknown e-mail is refused with a message, and no session', async () => {
    for (const [email, password] of [
      [s.fx.a.admin.email, 'feil-passord'],
      ['finnes.ikke@test.no', PASSWORD],
    ] as const) {
      const client = new SpecClient(s.server.baseUrl);
      const res = await client.login(email, password);
      expectRefused(res, email);
      expect((await client.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('the other school: the session is of the user signed in, with that school', async () => {
    const res = await new SpecClient(s.server.baseUrl).login(s.fx.b.admin.email, PASSWORD);
    expect(userOf(obj(res))).toMatchObject({ id: s.fx.b.admin.id, schoolId: s.fx.b.id });
  });
});

describe('GET /api/auth/me returns {user}', () => {
  it('every signed-in role gets its own user, with role and status', async () => {
    const cases = [
      [s.c.adminA, s.fx.a.admin],
      [s.c.supervisorA, s.fx.a.supervisor],
      [s.c.caretakerA, s.fx.a.caretaker],
      [s.c.pendingA, s.fx.a.pending],
      [s.c.platform, s.fx.platformAdmin],
      [s.c.adminB, s.fx.b.admin],
    ] as const;
    for (const [client, u] of cases) {
      const res = await client.get('/api/auth/me');
      expect(res.status, u.email).toBe(200);
      expect(userOf(obj(res)), u.email).toMatchObject({ id: u.id, email: u.email, role: u.role, status: u.status });
    }
  });

  it('signed out: 401 with a message (§4: a current-user error containing 401 signs the client out)', async () => {
    const res = await s.c.anonymous.get('/api/auth/me');
    expect(res.status).toBe(401);
    expectMessage(res);
  });
});

describe('POST /api/auth/logout, no body', () => {
  it('ends the session: the current user is then 401', async () => {
    const client = await signIn(s.server.baseUrl, s.fx.a.supervisor.email, PASSWORD);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expectOk(await client.post('/api/auth/logout'));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('POST /api/auth/register, body {schoolId, name, email, password}', () => {
  it("signed out: answers with a message; the account is pending, seen by its school's Admin only", async () => {
    const email = 'ny.registrert@test.no';
    const res = await s.c.anonymous.post('/api/auth/register', { schoolId: s.fx.a.id, name: 'Nora Ny', email, password: 'hemmelig1' });
    expectOk(res);
    expectMessage(res);
    const login = await new SpecClient(s.server.baseUrl).login(email, 'hemmelig1');
    expect(login.status).toBe(200);
    expect(userOf(obj(login))).toMatchObject({ name: 'Nora Ny', email, status: 'pending', schoolId: s.fx.a.id });
    const pendingA = await s.c.adminA.get('/api/admin/users/pending');
    expect(list(pendingA, 'users').map((u) => u.email)).toContain(email);
    const pendingB = await s.c.adminB.get('/api/admin/users/pending');
    expect(pendingB.text).not.toContain(email);
  });

  it('a password under 6 characters is refused with a message, and nothing is stored', async () => {
    const email = 'for.kort@test.no';
    const res = await s.c.anonymous.post('/api/auth/register', { schoolId: s.fx.a.id, name: 'Kort Passord', email, password: '12345' });
    expectClientError(res);
    expectRefused(await new SpecClient(s.server.baseUrl).login(email, '12345'));
    expect((await s.c.adminA.get('/api/admin/users/pending')).text).not.toContain(email);
  });

  it('a missing name, e-mail or school is refused with a message, and nothing is stored', async () => {
    const email = 'mangler@test.no';
    for (const body of [
      { schoolId: s.fx.a.id, name: '', email, password: 'hemmelig1' },
      { schoolId: s.fx.a.id, name: 'Uten E-post', email: '', password: 'hemmelig1' },
      { schoolId: '', name: 'Uten Skole', email, password: 'hemmelig1' },
    ]) {
      expectClientError(await s.c.anonymous.post('/api/auth/register', body), JSON.stringify(body));
    }
    expectRefused(await new SpecClient(s.server.baseUrl).login(email, 'hemmelig1'));
  });
});

describe('PUT /api/auth/change-password, body {currentPassword, newPassword}', () => {
  it.each(['Admin', 'Tilsynsvakt', 'Vaktmester'] as const)(
    '%s changes their password; the new one signs in, the old does not',
    async (role) => {
      const u = await makeUser(s.fx.a.id, role);
      const client = await signIn(s.server.baseUrl, u.email, PASSWORD);
      expectOk(await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nytt-passord' }));
      expect((await client.get('/api/auth/me')).status).toBe(200);
      expect((await new SpecClient(s.server.baseUrl).login(u.email, 'nytt-passord')).status).toBe(200);
      expectRefused(await new SpecClient(s.server.baseUrl).login(u.email, PASSWORD));
    },
  );

  it('Plattformadministrator changes their password (and back)', async () => {
    const email = s.fx.platformAdmin.email;
    const client = await signIn(s.server.baseUrl, email, PASSWORD);
    expectOk(await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'plattform-nytt' }));
    expect((await new SpecClient(s.server.baseUrl).login(email, 'plattform-nytt')).status).toBe(200);
    expectOk(await client.put('/api/auth/change-password', { currentPassword: 'plattform-nytt', newPassword: PASSWORD }));
  });

  it('signed out: refused with a message', async () => {
    expectRefused(await s.c.anonymous.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nytt-passord' }));
  });

  it('a wrong current password, or a new one under 6 characters, is refused with a message; the password stays', async () => {
    const u = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const client = await signIn(s.server.baseUrl, u.email, PASSWORD);
    expectClientError(await client.put('/api/auth/change-password', { currentPassword: 'feil-passord', newPassword: 'nytt-passord' }));
    expectClientError(await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: '12345' }));
    expect((await new SpecClient(s.server.baseUrl).login(u.email, PASSWORD)).status).toBe(200);
    expectRefused(await new SpecClient(s.server.baseUrl).login(u.email, 'nytt-passord'));
    expectRefused(await new SpecClient(s.server.baseUrl).login(u.email, '12345'));
  });

  it('a user of the other school changes only their own password', async () => {
    const b = await makeUser(s.fx.b.id, 'Tilsynsvakt');
    const client = await signIn(s.server.baseUrl, b.email, PASSWORD);
    expectOk(await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'annet-passord' }));
    expect((await new SpecClient(s.server.baseUrl).login(s.fx.a.admin.email, PASSWORD)).status).toBe(200);
  });
});

describe('GET /api/schools returns a list of {id, name}', () => {
  it('signed out (the register dropdown): both schools by id and name', async () => {
    const res = await s.c.anonymous.get('/api/schools');
    expect(res.status).toBe(200);
    const schools = list(res, 'schools');
    expect(schools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: s.fx.a.id, name: 'Skole A' }),
        expect.objectContaining({ id: s.fx.b.id, name: 'Skole B' }),
      ]),
    );
  });

  it('the list is the same for a signed-in user of either school', async () => {
    for (const client of [s.c.supervisorA, s.c.adminB]) {
      const res = await client.get('/api/schools');
      expect(res.status).toBe(200);
      expect(list(res, 'schools').map((school) => school.id)).toEqual(expect.arrayContaining([s.fx.a.id, s.fx.b.id]));
    }
  });
});
