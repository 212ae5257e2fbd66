import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import type { Config } from '../config';
import { SESSION_ENDED_COOKIE } from '#protocol/product';
import type { PendingStates } from './pendingState';
import type { SignIn } from './principals';
import { RememberingSigner } from './rememberingSigner';
import { registerSessionEndedNotice } from './sessionEndedNotice';

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

/** The session cookie's attributes, the same when it is set and when it is cleared (a '__Host-' cookie cleared without Secure stays). */
function sessionCookieAttributes(config: Pick<Config, 'cookieSecure'>) {
  return { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' } as const;
}

const PURGE_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** When the user signed in (ms since epoch): the absolute timeout counts from here. */
    signedInAt?: number;
    method?: SignIn['method'];
    lastActivityAt?: SignIn['lastActivityAt'];
    oidc?: SignIn['oidc'];
    /** What this browser began before signing in (pendingState.ts). */
    pending?: PendingStates;
    /** When this session last proved who it is (app's clock, ms): factor changes need it fresh (features/reauthentication). */
    reauthenticatedAt?: number;
    /** The device and address it signed in from, copied to the row for 'Innlogginger' (features/accountSessions). */
    client?: { device: string; ip: string };
  }
  interface FastifyInstance {
    sessions: AppSessionStore;
  }
}

/** A stored session's data: its sign-in, and what its browser began before signing in. */
export type StoredSession = SignIn & { pending?: PendingStates; reauthenticatedAt?: number; client?: { device: string; ip: string } };

/**
 * Where sessions live (core/sessions/sessionStore.ts gives it, app.ts passes it): what
 * @fastify/session needs, the idle limit's touch, a direct read for the socket's handshake, and
 * the purge of expired rows.
 */
export interface AppSessionStore extends SessionStore {
  /** A live session, or null (ended, expired or never there). */
  load(sessionId: string, now?: Date): Promise<{ data: StoredSession; expiresAt: Date } | null>;
  /** The session was used: its idle expiry moves on (at most once per interval). */
  touch(sessionId: string): Promise<void>;
  purgeExpired(): Promise<number>;
  /** Why a session that is gone was ended by the server (an account or school change), if lately. */
  whyEnded(sessionId: string): Promise<ServerSessionEndReason | null>;
}

/**
 * Ends the request's session: its row deleted and its cookie cleared, once, with the attributes it
 * was set with. @fastify/session leaves the cookie of a destroyed session in the browser.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'cookieSecure'>): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(sessionCookieName(config), sessionCookieAttributes(config));
}

/**
 * Sessions are @fastify/session's (the stack's choice): a signed cookie naming a row of the
 * session store. A visitor gets neither row nor cookie until something is kept for them (a sign-in,
 * or what pendingState.ts keeps before it). The idle limit is the store's: a signed-in request
 * moves its row's expiry on after the answer has gone; the cookie lives until the absolute limit and
 * is not rolled, so an ordinary answer is neither saved nor carries a Set-Cookie.
 */
export const sessionPlugin = fp<{ config: Config; store: AppSessionStore }>(async (app, { config, store }) => {
  app.decorate('sessions', store);
  // One signer for both: the socket handshake reads the session cookie through the cookie plugin.
  const signer = new RememberingSigner(config.sessionSecret);
  const attributes = sessionCookieAttributes(config);
  // parseOptions are the defaults of every cookie set or cleared: @fastify/session clears a cookie
  // naming no live session with only its path, which a browser refuses for a '__Host-' one.
  await app.register(fastifyCookie, { secret: signer, parseOptions: attributes });
  await app.register(fastifySession, {
    secret: signer,
    cookieName: sessionCookieName(config),
    store,
    saveUninitialized: false,
    rolling: false,
    cookie: { ...attributes, maxAge: config.sessionAbsoluteMs },
  });

  registerSessionEndedNotice(app, (sessionId) => store.whyEnded(sessionId), {
    session: sessionCookieName(config),
    notice: hostCookieName(SESSION_ENDED_COOKIE, config),
    secure: config.cookieSecure,
  });

  // After the answer has gone: a signed-in request moves its session's idle expiry on.
  app.addHook('onResponse', (request, _reply, done) => {
    const session = request.session;
    if (session?.userId) store.touch(session.sessionId).catch((err: unknown) => request.log.warn({ err }, 'session touch failed'));
    done();
  });

  const timer = setInterval(() => {
    store.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
