import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_ROLE, PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { apiRoutes } from '../../test/apiRoutes';
import type { Callers } from '../../test/callers';
import type { Fixture } from '../../test/fixtures';
import type { TestServer } from '../../test/testServer';
import { useSeededServer } from '../../test/useTestServer';
import { checkScopeDeclaration } from './schoolScope';

/**
 * Routes that act on something other than one school's data: the platform, the own account (its
 * passkeys, its app) and its devices. Every other route with roles must declare
 * `scope: 'school'`: a new route on a school's data that forgets it fails here.
 */
const NOT_SCHOOL_DATA = /^\/api\/(plattformadministrator\/|auth\/|account\/|push\/)/;

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

describe('the school a route acts on is declared on the route', () => {
  it('every route with roles declares its scope, and every one outside the platform and the own account is school-scoped', async () => {
    const withRoles = (await apiRoutes(server.baseUrl)).filter((route) => typeof route.access === 'object');
    expect(withRoles.length).toBeGreaterThan(30);
    for (const route of withRoles) {
      const access = route.access as { scope?: string };
      const expected = NOT_SCHOOL_DATA.test(route.url) ? ['platform', 'account'] : ['school'];
      expect(expected, `${route.method} ${route.url} declares scope ${String(access.scope)}`).toContain(access.scope);
    }
  });

  it('refuses to register a platform route open to other roles, or a school route the Plattformadministrator cannot name a school on', () => {
    const noSchoolId = { querystring: z.object({ date: z.string() }) };
    expect(() => checkScopeDeclaration('GET', '/api/x', { roles: [ADMIN_ROLE, PLATFORM_ADMIN_ROLE], scope: 'platform' }, {})).toThrow(
      /alone/,
    );
    expect(() => checkScopeDeclaration('GET', '/api/x', { roles: [ADMIN_ROLE, PLATFORM_ADMIN_ROLE], scope: 'school' }, noSchoolId)).toThrow(
      /cannot name the school/,
    );
    expect(() =>
      checkScopeDeclaration(
        'GET',
        '/api/x',
        { roles: [ADMIN_ROLE, PLATFORM_ADMIN_ROLE], scope: 'school' },
        { querystring: z.object({ schoolId: z.string() }) },
      ),
    ).not.toThrow();
    expect(() => checkScopeDeclaration('GET', '/api/x', { roles: [ADMIN_ROLE], scope: 'school' }, noSchoolId)).not.toThrow();
  });
});

describe('how the school is resolved', () => {
  it('a member gets their own school whether or not they name it', async () => {
    const unnamed = await c.adminA.get('/api/admin/classes');
    const named = await c.adminA.get(`/api/admin/classes?schoolId=${fx.a.id}`);
    expect(unnamed.status).toBe(200);
    expect(named.body).toEqual(unnamed.body);
  });

  it('a member naming another school is refused, not quietly given their own', async () => {
    const res = await c.adminB.get(`/api/admin/classes?schoolId=${fx.a.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: TEXTS.otherSchool });
    const inPath = await c.adminB.get(`/api/tasks-config/${fx.a.id}`);
    expect(inPath.status).toBe(403);
  });

  it('the Plattformadministrator must name an existing school, in the query or the path', async () => {
    const none = await c.platform.get('/api/admin/users');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: TEXTS.schoolNotChosen });
    const unknown = await c.platform.get(`/api/admin/users?schoolId=${new Types.ObjectId().toHexString()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: TEXTS.schoolNotFound });
    const named = await c.platform.get(`/api/admin/users?schoolId=${fx.a.id}`);
    expect(named.status).toBe(200);
    expect((named.body as Array<{ schoolId: string }>).every((user) => user.schoolId === fx.a.id)).toBe(true);
    expect((await c.platform.get(`/api/tasks-config/${fx.b.id}`)).status).toBe(200);
  });

  it("a record of one school is not found through another school's scope", async () => {
    const created = await c.platform.post(`/api/maintenance-tasks?schoolId=${fx.a.id}`, { roomNumber: '12', description: 'Lekker kran' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect((await c.platform.put(`/api/maintenance-tasks/${id}/complete?schoolId=${fx.b.id}`)).status).toBe(404);
    expect((await c.adminB.put(`/api/maintenance-tasks/${id}/complete`)).status).toBe(404);
    const done = await c.platform.put(`/api/maintenance-tasks/${id}/complete?schoolId=${fx.a.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'completed' });
  });
});
