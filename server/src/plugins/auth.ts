import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../config';
import { forbidden, sessionEnded, unauthorized } from '../httpError';
import type { Access } from './access';
import { checkSignIn, type SignedInUser } from './principals';
import { endSession } from './session';

export type { Scope } from '#protocol/policy';
export type { Access, RouteSchemas } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: SignedInUser | null;
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
    if ((route.schema as { hide?: boolean } | undefined)?.hide)
      throw new Error(`Route ${route.method} ${route.url} is hidden from the API description`);
  });

  app.addHook('preValidation', async (request, reply) => {
    // Decided by the matched route, not the raw URL: static files and the 404 handler are not API routes.
    if (!request.routeOptions.url?.startsWith('/api/') || request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw forbidden(TEXTS.forbidden);
    if (access === 'public') return;

    const user = await signedInUser(request, reply, config);
    if (access === 'anyStatus') return;
    if (user.status === 'pending') throw forbidden(TEXTS.accountPending, 'accountPending');
    if (user.status !== 'approved') throw forbidden(TEXTS.accountDeactivated, 'accountDeactivated');
    if (!access.roles.includes(user.role as Role)) throw forbidden(TEXTS.forbidden);
  });
}

/** The sign-in check (principals.ts); a session it refuses ends here, its cookie cleared (a school switched off, say). */
async function signedInUser(request: FastifyRequest, reply: FastifyReply, config: Config): Promise<SignedInUser> {
  const session = request.session;
  const outcome = await checkSignIn(session, request.server.principals, config, request.server.clock.now().getTime());
  if ('refused' in outcome) {
    if (session?.userId) {
      const sessionId = session.sessionId;
      await endSession(request, reply, config);
      // Its live connections end with it (a copied cookie's socket as much as the tab's).
      if (outcome.refused === 'idle') request.server.realtime.endSession(sessionId, 'idle');
    }
    if (outcome.refused === 'schoolInactive') throw unauthorized(TEXTS.schoolInactive, 'schoolInactive');
    if (request.sessionEndedBy) throw sessionEnded(request.sessionEndedBy);
    // Said as such (issue 44): a board opened from the home screen after the limit tells why on the sign-in page.
    throw outcome.refused === 'idle' && session?.userId
      ? unauthorized(TEXTS.notSignedIn, 'signedOutIdle')
      : unauthorized(TEXTS.notSignedIn);
  }
  request.currentUser = outcome.user;
  return outcome.user;
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.currentUser) throw unauthorized(TEXTS.notSignedIn);
  return request.currentUser;
}
