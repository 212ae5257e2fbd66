import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Grant } from '#protocol/policy';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../httpError';
import { findUserCached, isSchoolActiveCached } from '../features/auth/principalCache';
import type { UserRecord } from '../features/users/model';
import { checkScopeDeclaration, registerSchoolScope } from './schoolScope';

export type { Scope } from '#protocol/policy';

/**
 * Who may call a route: anyone ('public'), any signed-in user whatever their status
 * ('anyStatus': /me only), or approved users let in by a cell of the policy table
 * (protocol/src/policy.ts): its roles, on its scope.
 */
export type Access = 'public' | 'anyStatus' | Grant;
/** A route's request schemas (zod), as declared. */
export type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: UserRecord | null;
  }
}

/** Every /api route must declare its access; a route without one cannot even be registered. */
export function registerAccessControl(app: FastifyInstance, config: Config): void {
  app.decorateRequest('currentUser', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (isApi && !access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    if (!isApi || !access) return;
    // Every route is described to outsiders (/api/openapi.json), with its access: none is hidden.
    if ((route.schema as { hide?: boolean } | undefined)?.hide) throw new Error(`Route ${route.method} ${route.url} is hidden from the API description`);
    checkScopeDeclaration(String(route.method), route.url, access, (route.schema ?? {}) as RouteSchemas);
  });

  app.addHook('preValidation', async (request) => {
    // Decided by the matched route, not the raw URL: static files and the 404 handler are not API routes.
    if (!request.routeOptions.url?.startsWith('/api/') || request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw forbidden(TEXTS.forbidden);
    if (access === 'public') return;

    const user = await loadSessionUser(request, config);
    if (access === 'anyStatus') return;
    if (user.status === 'pending') throw forbidden(TEXTS.accountPending, 'accountPending');
    if (user.status !== 'approved') throw forbidden(TEXTS.accountDeactivated, 'accountDeactivated');
    if (!access.roles.includes(user.role as Role)) throw forbidden(TEXTS.forbidden);
  });
  registerSchoolScope(app);
}

async function loadSessionUser(request: FastifyRequest, config: Config): Promise<UserRecord> {
  const session = request.session;
  const userId = session?.userId;
  if (!session || !userId) throw unauthorized(TEXTS.notSignedIn);
  if (!session.signedInAt || Date.now() - session.signedInAt > config.sessionAbsoluteMs) {
    await session.destroy();
    throw unauthorized(TEXTS.notSignedIn);
  }
  const user = await findUserCached(userId);
  if (!user) {
    await session.destroy();
    throw unauthorized(TEXTS.notSignedIn);
  }
  // A school switched off while someone was signed in: that session ends here.
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActiveCached(user.schoolId))) {
    await session.destroy();
    throw unauthorized(TEXTS.schoolInactive, 'schoolInactive');
  }
  request.currentUser = user;
  return user;
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw unauthorized(TEXTS.notSignedIn);
  return request.currentUser;
}
