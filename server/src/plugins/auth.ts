import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../httpError';
import { findUserCached, isSchoolActiveCached } from '../features/auth/principalCache';
import type { UserDoc } from '../features/users/model';
import { checkScopeDeclaration, registerSchoolScope } from './schoolScope';

/**
 * What a route acts on, declared beside its roles:
 * - 'school': one school's data. The school is resolved before the handler (`schoolOf(request)`):
 *   a member's own; the Plattformadministrator names it (`:schoolId` or `?schoolId=`).
 * - 'platform': the platform's schools and users (the Plattformadministrator alone).
 * - 'account': the caller's own account.
 */
export type Scope = 'school' | 'platform' | 'account';

/**
 * Who may call a route: anyone ('public'), any signed-in user whatever their status
 * ('anyStatus': /me and logout only), or approved users with one of the roles, on a declared scope.
 */
export type Access = 'public' | 'anyStatus' | { roles: readonly Role[]; scope: Scope };
/** A route's request schemas (zod), as declared. */
export type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: UserDoc | null;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it and its schemas, as registered (the permission matrix and fuzz tests read it). */
    routeTable: Array<{ method: string; url: string; access: Access; schema: RouteSchemas }>;
  }
}

/** Every /api route must declare its access; a route without one cannot even be registered. */
export function registerAccessControl(app: FastifyInstance, config: Config): void {
  app.decorateRequest('currentUser', null);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (isApi && !access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    if (!isApi || !access) return;
    const schema = (route.schema ?? {}) as RouteSchemas;
    checkScopeDeclaration(String(route.method), route.url, access, schema);
    for (const method of ([] as string[]).concat(route.method)) if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, schema });
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

async function loadSessionUser(request: FastifyRequest, config: Config): Promise<UserDoc> {
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
export function currentUser(request: FastifyRequest): UserDoc {
  if (!request.currentUser) throw unauthorized(TEXTS.notSignedIn);
  return request.currentUser;
}
