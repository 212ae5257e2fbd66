import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Types } from 'mongoose';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { badRequest, forbidden, notFound } from '../httpError';
import type { Scope } from '#protocol/policy';
import type { Access, RouteSchemas } from './access';
import type { Principals, SignedInUser } from './principals';
import { addRouteHook } from './routeHooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** The school a `scope: 'school'` route acts on, resolved before the handler runs; null on any other route. */
    scopedSchoolId: Types.ObjectId | null;
  }
}

/**
 * The school a school-scoped route acts on: a member's own school, always (naming another school
 * is refused, not quietly ignored); the Plattformadministrator must name one, in the path
 * (`:schoolId`) or as `?schoolId=`, and it must exist.
 */
function memberSchool(user: SignedInUser, named: string | undefined): Types.ObjectId {
  if (!user.schoolId) throw forbidden(TEXTS.forbidden);
  if (named !== undefined && !user.schoolId.equals(named)) throw forbidden(TEXTS.otherSchool, 'otherSchool');
  return user.schoolId;
}

async function namedExistingSchool(named: string | undefined, principals: Principals): Promise<Types.ObjectId> {
  if (!named) throw badRequest(TEXTS.schoolNotChosen, 'schoolNotChosen');
  const school = await principals.findSchool(named);
  if (!school) throw notFound(TEXTS.schoolNotFound);
  return school;
}

function namedSchool(request: FastifyRequest): string | undefined {
  const fromPath = (request.params as { schoolId?: string } | undefined)?.schoolId;
  return fromPath ?? (request.query as { schoolId?: string } | undefined)?.schoolId;
}

function declaresSchoolId(schema: RouteSchemas): boolean {
  const shapeOf = (s: unknown) => (s as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return 'schoolId' in shapeOf(schema.params) || 'schoolId' in shapeOf(schema.querystring);
}

/**
 * Checks a route's declared scope when it is registered, so a wrong declaration stops the server
 * from starting rather than reaching a school's data: platform routes are for the
 * Plattformadministrator alone, and a school route the Plattformadministrator may call must let
 * them name the school.
 */
export function checkScopeDeclaration(
  method: string,
  url: string,
  access: Access | { roles: readonly Role[]; scope: Scope },
  schema: RouteSchemas,
): void {
  if (typeof access === 'string') return;
  const where = `${method} ${url}`;
  const platformAdminMayCall = access.roles.includes(PLATFORM_ADMIN_ROLE as Role);
  if (access.scope === 'platform' && (access.roles.length !== 1 || !platformAdminMayCall)) {
    throw new Error(`Route ${where}: scope 'platform' is for the Plattformadministrator alone`);
  }
  if (access.scope === 'school' && platformAdminMayCall && !declaresSchoolId(schema)) {
    throw new Error(`Route ${where}: the Plattformadministrator may call it but cannot name the school (schoolId)`);
  }
}

/** Resolves the school of every `scope: 'school'` route once, after validation and before the handler. */
export function registerSchoolScope(app: FastifyInstance): void {
  app.decorateRequest('scopedSchoolId', null);
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!route.url.startsWith('/api/') || !access) return;
    checkScopeDeclaration(String(route.method), route.url, access, (route.schema ?? {}) as RouteSchemas);
    if (typeof access !== 'object' || access.scope !== 'school') return;
    addRouteHook(route, 'preHandler', (request, _reply, done) => {
      const user = request.currentUser;
      if (!user) return done();
      // A member's own school needs no reading: settled at once, without a promise.
      if (user.role !== PLATFORM_ADMIN_ROLE) {
        try {
          request.scopedSchoolId = memberSchool(user, namedSchool(request));
        } catch (err) {
          return done(err as Error);
        }
        return done();
      }
      namedExistingSchool(namedSchool(request), app.principals).then((schoolId) => {
        request.scopedSchoolId = schoolId;
        done();
      }, done);
    });
  });
}

/** The school this request acts on. Only a route declared `scope: 'school'` has one. */
export function schoolOf(request: FastifyRequest): Types.ObjectId {
  if (!request.scopedSchoolId) throw new Error(`${request.method} ${request.routeOptions.url} is not declared scope: 'school'`);
  return request.scopedSchoolId;
}
