import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import { PASSWORD, type Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { SessionModel } from '../../core/sessions/sessionModel';
import { ClassModel, classNameKey } from '../classes/model';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import { countEverywhere, hasSchoolDatabase } from '../../../test/everySchool';
import { useSeededServer } from '../../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

type SchoolBody = { id: string; name: string; active: boolean; counts: Record<string, number> };
type UserBody = { id: string; role: string; status: string; schoolId: string };
const BASE = '/api/plattformadministrator';
const onlyPlatform = (status: number) => refusedExcept({ platform: status });

describe('platform schools', () => {
  it('lists every school with its user counts, to the Plattformadministrator only', async () => {
    await expectAccess(c, (x) => x.get(`${BASE}/schools`), onlyPlatform(200));
    const res = await c.platform.get<SchoolBody[]>(`${BASE}/schools`);
    const a = res.body.find((s) => s.id === fx.a.id)!;
    expect(a).toMatchObject({ name: 'Skole A', active: true });
    expect(a.counts).toEqual({ users: 5, active: 3, pending: 1, deactivated: 1, admins: 1 });
    expect(res.body.find((s) => s.id === fx.inactiveSchool.id)).toMatchObject({ active: false });
  });

  it('creates a school with a unique, trimmed name', async () => {
    await expectAccess(c, (x) => x.post(`${BASE}/schools`, { name: `Ny skole ${Math.random()}` }), onlyPlatform(201));
    const created = await c.platform.post<SchoolBody>(`${BASE}/schools`, { name: '  Fjordtun  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fjordtun',
      active: true,
      counts: { users: 0, active: 0, pending: 0, deactivated: 0, admins: 0 },
    });
    expect((await c.platform.post(`${BASE}/schools`, { name: 'FJORDTUN' })).status).toBe(409);
    for (const body of [{}, { name: '   ' }, { name: { $ne: 1 } }, { name: 'x'.repeat(121) }]) {
      expect((await c.platform.post(`${BASE}/schools`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await School.countDocuments({ nameKey: 'fjordtun' })).toBe(1);
  });

  it('an inactive school: its users are signed out, cannot sign in, and it is not offered on /register', async () => {
    const school = (await c.platform.post<SchoolBody>(`${BASE}/schools`, { name: 'Midlertidig' })).body;
    const user = await makeUser(school.id, 'Tilsynsvakt');
    const session = await signedIn(server.baseUrl, user);
    await expectAccess(c, (x) => x.put(`${BASE}/schools/${school.id}`, { active: false }), onlyPlatform(200));
    expect((await session.get('/api/auth/me')).status).toBe(401);
    const login = await new ApiClient(server.baseUrl).login(user.email, PASSWORD);
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: TEXTS.schoolInactive, code: 'schoolInactive' });
    const options = await new ApiClient(server.baseUrl).get<Array<{ id: string }>>('/api/schools');
    expect(options.body.map((s) => s.id)).not.toContain(school.id);
    const reg = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      schoolId: school.id,
      name: 'X',
      email: 'x@midl.no',
      password: 'hemmelig',
    });
    expect(reg.status).toBe(400);

    const back = await c.platform.put<SchoolBody>(`${BASE}/schools/${school.id}`, { active: true });
    expect(back.body.active).toBe(true);
    expect((await new ApiClient(server.baseUrl).login(user.email, PASSWORD)).status).toBe(200);
    expect((await c.platform.put(`${BASE}/schools/${school.id}`, { active: 'nei' })).status).toBe(400);
    expect((await c.platform.put(`${BASE}/schools/0123456789abcdef01234567`, { active: false })).status).toBe(404);
  });

  it('deleting a school removes its database and leaves no document of it behind in any shared collection', async () => {
    const school = (await c.platform.post<SchoolBody>(`${BASE}/schools`, { name: 'Skal bort' })).body;
    const user = await makeUser(school.id, 'Admin');
    const session = await signedIn(server.baseUrl, user);
    await ClassModel.of(school.id).create({ schoolId: school.id, className: '1A', nameKey: classNameKey('1A') });
    const otherClasses = await countEverywhere(ClassModel);
    expect(await hasSchoolDatabase(school.id)).toBe(true);

    await expectAccess(c, (x) => x.delete(`${BASE}/schools/${school.id}`), onlyPlatform(200));
    for (const model of Object.values(mongoose.models)) {
      if (model.schema.path('schoolId')) expect(await model.countDocuments({ schoolId: school.id }), model.modelName).toBe(0);
    }
    expect(await School.exists({ _id: school.id })).toBeNull();
    expect(await SessionModel.countDocuments({ userId: user.id })).toBe(0);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect(await hasSchoolDatabase(school.id)).toBe(false);
    expect(await countEverywhere(ClassModel)).toBe(otherClasses - 1);
    expect((await c.platform.delete(`${BASE}/schools/${school.id}`)).status).toBe(404);
  });
});

describe('platform users', () => {
  it('lists users of every school, or of one', async () => {
    await expectAccess(c, (x) => x.get(`${BASE}/users`), onlyPlatform(200));
    const all = await c.platform.get<UserBody[]>(`${BASE}/users`);
    const schools = new Set(all.body.map((u) => u.schoolId));
    expect(schools.has(fx.a.id) && schools.has(fx.b.id)).toBe(true);
    expect(all.body.some((u) => u.role === 'Plattformadministrator')).toBe(false);
    const onlyB = await c.platform.get<UserBody[]>(`${BASE}/users?schoolId=${fx.b.id}`);
    expect(new Set(onlyB.body.map((u) => u.schoolId))).toEqual(new Set([fx.b.id]));
    expect((await c.platform.get(`${BASE}/users?schoolId=nope`)).status).toBe(400);
  });

  it('creates approved Admins, Tilsynsvakter and Vaktmestere (issue 45), never a Plattformadministrator', async () => {
    const body = (over: Record<string, unknown>) => ({
      name: 'Ny Bruker',
      email: `ny${Math.random()}@test.no`,
      password: 'hemmelig',
      role: 'Admin',
      schoolId: fx.b.id,
      ...over,
    });
    await expectAccess(c, (x) => x.post(`${BASE}/users`, body({})), onlyPlatform(201));
    const created = await c.platform.post<UserBody>(`${BASE}/users`, body({ role: 'Tilsynsvakt', email: 'Skapt@Test.no' }));
    expect(created.body).toMatchObject({ role: 'Tilsynsvakt', status: 'approved', schoolId: fx.b.id });
    expect((await new ApiClient(server.baseUrl).login('skapt@test.no', 'hemmelig')).status).toBe(200);
    expect((await c.platform.post(`${BASE}/users`, body({ email: 'skapt@test.no' }))).status).toBe(409);
    const caretaker = await c.platform.post<UserBody>(`${BASE}/users`, body({ role: 'Vaktmester', email: 'vaktmester@test.no' }));
    expect(caretaker.status).toBe(201);
    expect(caretaker.body).toMatchObject({ role: 'Vaktmester', status: 'approved', schoolId: fx.b.id });
    for (const bad of [{ role: 'Plattformadministrator' }, { password: '123' }, { schoolId: 'x' }, { name: '' }, { email: { $gt: '' } }]) {
      expect((await c.platform.post(`${BASE}/users`, body(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await c.platform.post(`${BASE}/users`, body({ schoolId: '0123456789abcdef01234567' }))).status).toBe(400);
  });

  it('changes roles Tilsynsvakt ⇄ Admin only, and never touches a Plattformadministrator', async () => {
    const supervisor = await makeUser(fx.b.id, 'Tilsynsvakt');
    await expectAccess(c, (x) => x.put(`${BASE}/users/${supervisor.id}/role`, { role: 'Admin' }), onlyPlatform(200));
    expect((await c.platform.put<UserBody>(`${BASE}/users/${supervisor.id}/role`, { role: 'Tilsynsvakt' })).body.role).toBe('Tilsynsvakt');
    const caretaker = await makeUser(fx.b.id, 'Vaktmester');
    expect((await c.platform.put(`${BASE}/users/${caretaker.id}/role`, { role: 'Admin' })).status).toBe(400);
    expect((await c.platform.put(`${BASE}/users/${supervisor.id}/role`, { role: 'Plattformadministrator' })).status).toBe(400);
    expect((await c.platform.put(`${BASE}/users/${fx.platformAdmin.id}/role`, { role: 'Admin' })).status).toBe(403);
    expect((await c.platform.delete(`${BASE}/users/${fx.platformAdmin.id}`)).status).toBe(403);
  });

  it('switches status approved ⇄ deactivated; deactivation ends the sessions', async () => {
    const user = await makeUser(fx.a.id, 'Vaktmester');
    const session = await signedIn(server.baseUrl, user);
    await expectAccess(c, (x) => x.put(`${BASE}/users/${user.id}/status`, { status: 'deactivated' }), onlyPlatform(200));
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await c.platform.put(`${BASE}/users/${user.id}/status`, { status: 'deactivated' })).status).toBe(409);
    expect((await c.platform.put<UserBody>(`${BASE}/users/${user.id}/status`, { status: 'approved' })).body.status).toBe('approved');
    expect((await c.platform.put(`${BASE}/users/${user.id}/status`, { status: 'pending' })).status).toBe(400);
  });

  it('transfers a user to another active school, and only the user', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    await expectAccess(c, (x) => x.put(`${BASE}/users/${user.id}/transfer`, { schoolId: fx.b.id }), onlyPlatform(200));
    expect((await UserModel.findById(user.id).lean())!.schoolId!.toHexString()).toBe(fx.b.id);
    expect((await c.platform.put(`${BASE}/users/${user.id}/transfer`, { schoolId: fx.b.id })).status).toBe(400);
    expect((await c.platform.put(`${BASE}/users/${user.id}/transfer`, { schoolId: fx.inactiveSchool.id })).status).toBe(400);
    const adminA = await c.adminA.get<UserBody[]>('/api/admin/users');
    expect(adminA.body.map((u) => u.id)).not.toContain(user.id);
  });

  it('deletes a user', async () => {
    const user = await makeUser(fx.b.id, 'Tilsynsvakt');
    await expectAccess(c, (x) => x.delete(`${BASE}/users/${user.id}`), onlyPlatform(200));
    expect(await UserModel.exists({ _id: user.id })).toBeNull();
    expect((await c.platform.delete(`${BASE}/users/${user.id}`)).status).toBe(404);
  });
});
