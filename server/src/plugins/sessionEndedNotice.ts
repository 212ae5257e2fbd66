import type { FastifyInstance } from 'fastify';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's session cookie names a session the server ended, for this reason (issue 27). */
    sessionEndedBy: ServerSessionEndReason | null;
  }
}

/** Long enough for the page that gets it to start and read it. */
const NOTICE_MAX_AGE_S = 600;

/**
 * A browser whose session the server ended (an account or school change) while it was off line or
 * between connections still sends the cookie. The first answer it gets, whatever was asked (a page,
 * a file, a call), clears that cookie (@fastify/session), so that answer says why: a 401 of the API
 * says it in its body, and every answer leaves a short-lived cookie the page reads once.
 * Only a cookie naming a gone session costs a read, and only once.
 */
export function registerSessionEndedNotice(
  app: FastifyInstance,
  whyEnded: (sessionId: string) => Promise<ServerSessionEndReason | null>,
  cookies: { session: string; notice: string; secure: boolean },
): void {
  app.decorateRequest('sessionEndedBy', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.session?.userId) return;
    const raw = request.cookies[cookies.session];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value || unsigned.value === request.session?.sessionId) return;
    const reason = await whyEnded(unsigned.value);
    if (!reason) return;
    request.sessionEndedBy = reason;
    reply.setCookie(cookies.notice, reason, {
      path: '/',
      sameSite: 'lax',
      secure: cookies.secure,
      httpOnly: false,
      maxAge: NOTICE_MAX_AGE_S,
    });
  });
}
