import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionStore } from '@fastify/session';
import type { SignIn } from './principals';
import { RememberingSigner } from './rememberingSigner';

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

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** When the user signed in (ms since epoch): the absolute timeout counts from here. */
    signedInAt?: number;
  }
}

/** A stored session: what it holds of its sign-in (its JSON data), and when its idle limit ends it. */
export type StoredSession = SignIn & { cookie?: unknown };

/**
 * Where sessions live (features/auth/sessionStore.ts gives it, app.ts passes it): what
 * @fastify/session needs, the idle limit's touch, a direct read for the socket's handshake, and
 * the purge of expired rows.
 */
export interface AppSessionStore extends SessionStore {
  touch(sessionId: string): Promise<void>;
  load(sessionId: string, now?: Date): Promise<{ data: StoredSession; expiresAt: Date } | null>;
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: AppSessionStore;
  }
}

export const sessionPlugin = fp<{ config: Config; store: AppSessionStore }>(async (app, { config, store }) => {
  app.decorate('sessions', store);
  // The same secret as the session's signer, so the socket handshake can read the session cookie.
  const signer = new RememberingSigner(config.sessionSecret);
  await app.register(fastifyCookie, { secret: signer });
  await app.register(fastifySession, {
    secret: signer,
    cookieName: sessionCookieName(config),
    store,
    saveUninitialized: false,
    // The idle limit is the store's (each use moves the row's expiry on, touch below); the cookie
    // lives as long as a session may, so an ordinary answer carries no Set-Cookie.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      path: '/',
      maxAge: config.sessionAbsoluteMs,
    },
  });
  // After the answer has gone: a signed-in request moves its session's idle expiry on.
  app.addHook('onResponse', (request, _reply, done) => {
    const session = request.session;
    if (session?.userId && session.sessionId) {
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
