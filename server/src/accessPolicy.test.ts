import { beforeAll, describe, expect, it } from 'vitest';
import { serverEventSchemas, type ServerEventName } from '#protocol/events';
import { EVENT_DATA, OWN_EVENTS, POLICY, policyGrants, SIGNAL_EVENTS, type DataKind, type Grant } from '#protocol/policy';
import { PLATFORM_ADMIN_ROLE, ROLES, USER_STATUSES, type Role } from '#protocol/roles';
import { apiRoutes, type ApiRoute } from '../test/apiRoutes';
import type { TestServer } from '../test/testServer';
import { useTestServer } from '../test/useTestServer';
import { eventRooms, REDACTED_SICK_ROLES, rooms, roomsOf } from './realtime/rooms';

/**
 * One table says who sees and changes each kind of data (protocol/src/policy.ts). Every /api route,
 * as the app describes it to outsiders, takes its access from a cell of that table, and the socket
 * rooms are made of it: a route or a room outside the table fails here.
 */
const ANYONE = [
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/schools',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  // Sign-in through an OpenID provider (issue 33): the providers, the flow's two ends, an unknown identity's registration.
  'GET /api/auth/providers',
  'GET /api/auth/oidc/:id/start',
  'GET /api/auth/oidc/:id/callback',
  'GET /api/auth/oidc/registration',
  'POST /api/auth/oidc/registration',
  // A forgotten password (issue 33).
  'GET /api/auth/forgot-password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // Sign-in with a passkey (issue 33): a challenge, then its answer.
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/login',
  // The code from an authenticator app, after the password (issue 33).
  'POST /api/auth/second-factor',
];
// Who is signed in, and (issue 43) the person's activity, which keeps any signed-in session within the idle limit.
const ANY_SIGNED_IN = ['GET /api/auth/me', 'POST /api/auth/activity'];

let server: TestServer;
let routes: ApiRoute[];
useTestServer((started) => (server = started));
beforeAll(async () => {
  routes = await apiRoutes(server.baseUrl);
});

const named = (r: ApiRoute) => `${r.method} ${r.url}`;
const sorted = (roles: readonly Role[]) => [...roles].sort();

describe('every route takes its access from the policy table', () => {
  it('only the sign-in routes and the public descriptions are open to anyone, and only /me and the activity to any status', () => {
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map(named)
        .sort(),
    ).toEqual([...ANYONE].sort());
    expect(
      routes
        .filter((r) => r.access === 'anyStatus')
        .map(named)
        .sort(),
    ).toEqual([...ANY_SIGNED_IN].sort());
  });

  it('every other route declares a cell of the table, exactly as the table has it; a read sees, a write changes', () => {
    const withRoles = routes.filter((r) => typeof r.access === 'object');
    expect(withRoles.length).toBe(routes.length - ANYONE.length - ANY_SIGNED_IN.length);
    for (const route of withRoles) {
      const access = route.access as Grant;
      const cell = (POLICY[access.data] as Record<string, Grant> | undefined)?.[access.may];
      expect(cell, `${named(route)}: ${access.data}.${access.may} is not in the table`).toBeDefined();
      expect(access, named(route)).toEqual(cell);
      expect(access.may === 'see', `${named(route)} ${access.may}s`).toBe(route.method === 'GET');
    }
  });

  it('every cell of the table but the health data of the sick list guards at least one route', () => {
    const used = new Set(routes.map((r) => (typeof r.access === 'object' ? `${r.access.data}.${r.access.may}` : '')));
    const unused = policyGrants()
      .map((g) => `${g.data}.${g.may}`)
      .filter((cell) => !used.has(cell));
    // The comments come with the sick list (GET /api/sick), to those who may read them.
    expect(unused).toEqual(['sickComments.see']);
  });
});

describe('the socket rooms are made of the policy table', () => {
  const SCHOOL = 'skole-a';
  const socketOf = (role: Role, status: (typeof USER_STATUSES)[number] = 'approved') =>
    roomsOf({ id: `u-${role}`, role, status, schoolId: role === PLATFORM_ADMIN_ROLE ? null : SCHOOL }, `s-${role}`);
  /** The roles whose sockets are in any of these rooms. */
  const reached = (targets: string[]) => ROLES.filter((role) => socketOf(role).some((room) => targets.includes(room)));
  const seers = (kind: DataKind) => sorted((POLICY[kind] as { see: Grant }).see.roles);

  it('a user waiting for approval or deactivated is in their own rooms only', () => {
    for (const role of ROLES) {
      for (const status of USER_STATUSES.filter((s) => s !== 'approved')) {
        expect(socketOf(role, status)).toEqual([rooms.user(`u-${role}`), rooms.session(`s-${role}`)]);
      }
    }
  });

  it('every room a socket joins is its own, the platform room, or a room of its school the table accounts for', () => {
    const known = new Set([
      rooms.platform,
      rooms.school(SCHOOL),
      rooms.schoolAdmins(SCHOOL),
      rooms.schoolMaintenance(SCHOOL),
      rooms.schoolRegister(SCHOOL),
      rooms.schoolRedacted(SCHOOL),
    ]);
    for (const role of ROLES) {
      const [own, session, ...others] = socketOf(role);
      expect([own, session]).toEqual([rooms.user(`u-${role}`), rooms.session(`s-${role}`)]);
      for (const room of others) expect(known.has(room), `${role} joins ${room}`).toBe(true);
    }
  });

  it('each school room holds exactly the roles that see its kind of data, and the platform room the Plattformadministrator', () => {
    expect(sorted(reached([rooms.school(SCHOOL)]))).toEqual(seers('reports').filter((r) => r !== PLATFORM_ADMIN_ROLE));
    expect(sorted(reached([rooms.schoolAdmins(SCHOOL)]))).toEqual(seers('users').filter((r) => r !== PLATFORM_ADMIN_ROLE));
    expect(sorted(reached([rooms.schoolMaintenance(SCHOOL)]))).toEqual(seers('maintenance').filter((r) => r !== PLATFORM_ADMIN_ROLE));
    expect(sorted(reached([rooms.schoolRegister(SCHOOL)]))).toEqual(seers('register').filter((r) => r !== PLATFORM_ADMIN_ROLE));
    expect(reached([rooms.schoolRedacted(SCHOOL)])).toEqual(REDACTED_SICK_ROLES);
    expect(sorted(REDACTED_SICK_ROLES)).toEqual(seers('sickList').filter((r) => !POLICY.sickComments.see.roles.includes(r)));
    expect(reached([rooms.platform])).toEqual([...POLICY.platform.see.roles]);
  });

  it("every event carries a kind of data in the table, one person's own data, or is a signal", () => {
    const events = Object.keys(serverEventSchemas) as ServerEventName[];
    expect([...Object.keys(EVENT_DATA), ...Object.keys(OWN_EVENTS), ...SIGNAL_EVENTS].sort()).toEqual(events.sort());
  });

  it("an event about one person's own data is of a kind the table scopes to the account, and no school room carries it", () => {
    for (const [event, kind] of Object.entries(OWN_EVENTS)) {
      expect((POLICY[kind] as { see: Grant }).see.scope, event).toBe('account');
      expect(Object.keys(EVENT_DATA), event).not.toContain(event);
    }
  });

  it("each event reaches exactly the roles that see its kind of data, on the event's school", () => {
    for (const [event, kind] of Object.entries(EVENT_DATA) as Array<[keyof typeof EVENT_DATA, DataKind]>) {
      expect(sorted(reached(eventRooms(event, SCHOOL))), event).toEqual(seers(kind));
      // Nothing of one school reaches another school's rooms.
      expect(
        eventRooms(event, SCHOOL).filter((room) => room !== rooms.platform && !room.endsWith(`:${SCHOOL}`)),
        event,
      ).toEqual([]);
    }
  });
});
