import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { RememberingSigner } from './rememberingSigner';
import { RequestSession, type AppSessionStore } from './requestSession';

export const SESSION_COOKIE = 'tilsynsvakt.sid';

/**
 * Over HTTPS our cookies are '__Host-' prefixed: browsers then take them only with Secure, Path=/
 * and no Domain, so a sibling subdomain cannot plant or overwrite one.
 */
export function hostCookieName(name: string, config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? `__Host-${name}` : name;
}

export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return hostCookieName(SESSION_COOKIE, config);
}
const PURGE_INTERVAL_MS = 10 * 60_000;

export type { AppSessionStore, StoredSession } from './requestSession';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: AppSessionStore;
  }
  interface FastifyRequest {
    session: RequestSession;
  }
}

/**
 * Sessions: a signed cookie naming a row of the session store (issue 30: our own few hooks where
 * @fastify/session built a session object, hashed it twice and compared on every request). On the
 * way in, the cookie's signature is checked and the session read from the store (from memory while
 * nothing ended it); on the way out, a session the request changed is written with its cookie,
 * and an ended one's cookie is cleared. The idle limit is the store's: a signed-in request moves
 * its row's expiry on after the answer has gone; the cookie lives until the absolute limit, so an
 * ordinary answer carries no Set-Cookie.
 */
export const sessionPlugin = fp<{ config: Config; store: AppSessionStore }>(async (app, { config, store }) => {
  app.decorate('sessions', store);
  // The same signer for the cookie plugin, so the socket handshake can read the session cookie.
  const signer = new RememberingSigner(config.sessionSecret);
  await app.register(fastifyCookie, { secret: signer });
  const cookieName = sessionCookieName(config);
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' } as const;

  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', (request, _reply, done) => {
    const signed = request.cookies[cookieName];
    const unsigned = signed ? signer.unsign(signed) : null;
    if (!unsigned?.valid) {
      request.session = new RequestSession(store, null, null);
      return done();
    }
    store.load(unsigned.value).then(
      (found) => {
        request.session = new RequestSession(store, unsigned.value, found?.data ?? null);
        done();
      },
      (err: Error) => done(err),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const session = request.session;
    if (session?.ended) {
      reply.clearCookie(cookieName, { path: '/' });
      return done(null, payload);
    }
    if (!session?.changed || !session.hasId) return done(null, payload);
    store.save(session.sessionId, session.toStored()).then(() => {
      reply.setCookie(cookieName, signer.sign(session.sessionId), { ...cookieOptions, expires: new Date(Date.now() + config.sessionAbsoluteMs) });
      done(null, payload);
    }, (err: Error) => done(err));
  });

  // After the answer has gone: a signed-in request moves its session's idle expiry on.
  app.addHook('onResponse', (request, _reply, done) => {
    const session = request.session;
    if (session?.userId && session.hasId && !session.ended) {
      store.touch(session.sessionId).catch((err: unknown) => request.log.warn({ err }, 'session touch failed'));
    }
    done();
  });

  const timer = setInterval(() => {
    store.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
