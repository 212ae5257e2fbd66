import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '../../../../protocol/src/texts';
import { seedFixture, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { UserModel } from './model';

let server: TestServer;
let fx: Fixture;

beforeAll(async () => {
  server = await startTestServer();
  fx = await seedFixture();
});
afterAll(async () => server?.close());

const as = (user: FixtureUser) => signedIn(server.baseUrl, user);

describe('GET /api/admin/users/pending', () => {
  it('gives an Admin the pending users of their own school only', async () => {
    const res = await (await as(fx.a.admin)).get<Array<{ id: string; status: string }>>('/api/admin/users/pending');
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.id)).toEqual([fx.a.pending.id]);
    expect(res.body[0]).toMatchObject({ status: 'pending', schoolId: fx.a.id, schoolName: 'Skole A' });
  });

  it('is refused for every other role, status and when signed out', async () => {
    for (const user of [fx.a.supervisor, fx.a.caretaker, fx.platformAdmin]) {
      const res = await (await as(user)).get('/api/admin/users/pending');
      expect(res.status, user.email).toBe(403);
      expect(res.body).toEqual({ message: TEXTS.forbidden });
    }
    expect((await (await as(fx.a.pending)).get('/api/admin/users/pending')).status).toBe(403);
    expect((await (await as(fx.a.deactivated)).get('/api/admin/users/pending')).status).toBe(403);
    expect((await new ApiClient(server.baseUrl).get('/api/admin/users/pending')).status).toBe(401);
  });
});

describe('POST /api/admin/users/:id/deactivate', () => {
  it('is refused for other roles, for another school’s user, for oneself, and for bad ids', async () => {
    const target = fx.a.supervisor.id;
    for (const user of [fx.a.supervisor, fx.a.caretaker, fx.platformAdmin, fx.a.pending]) {
      expect((await (await as(user)).post(`/api/admin/users/${target}/deactivate`)).status, user.email).toBe(403);
    }
    expect((await new ApiClient(server.baseUrl).post(`/api/admin/users/${target}/deactivate`)).status).toBe(401);
    const otherSchool = await (await as(fx.b.admin)).post(`/api/admin/users/${target}/deactivate`);
    expect(otherSchool.status).toBe(404);
    const self = await (await as(fx.a.admin)).post(`/api/admin/users/${fx.a.admin.id}/deactivate`);
    expect(self.status).toBe(403);
    const badId = await (await as(fx.a.admin)).post<{ message: string }>('/api/admin/users/not-an-id/deactivate');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('«id»');
    expect((await UserModel.findById(target).lean())!.status).toBe('approved');
  });

  it('deactivates an approved user of the Admin’s school, once', async () => {
    const admin = await as(fx.a.admin);
    const res = await admin.post<{ status: string }>(`/api/admin/users/${fx.a.caretaker.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fx.a.caretaker.id, status: 'deactivated' });
    expect((await admin.post(`/api/admin/users/${fx.a.caretaker.id}/deactivate`)).status).toBe(409);
    expect((await admin.post(`/api/admin/users/${fx.a.pending.id}/deactivate`)).status).toBe(409);
  });
});
