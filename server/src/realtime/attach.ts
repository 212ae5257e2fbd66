import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import { sessionCookieName } from '../plugins/session';
import type { SignedInUser } from '../plugins/principals';
import { authenticateSocket, liveSession, SocketAuthError } from './handshake';
import { watchSession } from './sessionWatch';
import { Realtime, type IoServer } from './realtime';
import { roomsOf } from './rooms';
import { createRedisPair } from './redisClients';
import { CONFIRM_TIMEOUT_MS, linkCachesAcrossInstances } from './cacheCoherence';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Socket.IO on Fastify's own HTTP server; the socket carries server-to-client events only. */
export async function attachRealtime(app: FastifyInstance, config: Config): Promise<void> {
  const io: IoServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    allowRequest: (req, callback) => callback(null, isAllowedOrigin(req.headers, config)),
  });

  const redis = config.redisUrl ? createRedisPair(config.redisUrl, app.log) : null;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { requestsTimeout: CONFIRM_TIMEOUT_MS }));
  const unlinkCaches = redis ? linkCachesAcrossInstances(io, redis, app.log) : () => undefined;

  const sessionIdFromCookie = (header: string | undefined): string | null => {
    const signed = app.parseCookie(header ?? '')[sessionCookieName(config)];
    const unsigned = signed ? app.unsignCookie(signed) : undefined;
    return unsigned?.valid ? unsigned.value : null;
  };

  // One logger for every socket's session checks: a closure made inside the handshake would keep
  // the handshake's middleware chain alive for as long as the socket's session watch (issue 30).
  const sessionCheckFailed = (err: unknown) => app.log.error({ err }, 'session check failed');

  io.use((socket, next) => {
    const join = async () => {
      const { user, sessionId } = await authenticateSocket(sessionIdFromCookie(socket.request.headers.cookie), app, config);
      joinRooms(socket, user, sessionId);
      // A sign-out that ran while this handshake read the session sent its disconnect before this
      // socket was in the session's room: read again after joining (and once more when connected, below).
      const stillLive = await liveSession(app.sessions, sessionId, config);
      if (!stillLive) throw new SocketAuthError('Ikke innlogget');
      watchSession(socket, app.sessions, sessionId, stillLive.endsAt, config, sessionCheckFailed);
      socket.data.sessionId = sessionId;
      socket.data.role = user.role;
      forgetHandshakeRequest(socket);
    };
    join().then(
      () => next(),
      (err: unknown) => {
        if (err instanceof SocketAuthError) return next(err);
        app.log.error({ err }, 'socket handshake failed');
        next(new Error('Serverfeil'));
      },
    );
  });

  // A sign-out whose disconnect ran while this socket was still in the handshake missed it (a
  // socket counts for disconnectSockets only once connected), and the read just before could have
  // begun before the session's delete. Read once more, now that a later sign-out would reach it.
  const metrics = app.metrics;
  io.on('connection', (socket) => {
    if (metrics) {
      const role = socket.data.role ?? 'ukjent';
      metrics.socketOpened(role);
      socket.once('disconnect', () => metrics.socketClosed(role));
    }
    const sessionId = socket.data.sessionId;
    if (!sessionId) return;
    liveSession(app.sessions, sessionId, config).then((live) => {
      if (!live) socket.disconnect(true);
    }, sessionCheckFailed);
  });

  app.decorate('realtime', new Realtime(io, config.env !== 'production', metrics ? (event) => metrics.eventEmitted(event) : undefined));
  // Before the HTTP server stops taking connections: it waits for every open one, and a browser's
  // live connection never ends by itself (issue 42: a stop waited for the last tab to close).
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    unlinkCaches();
    await io.close();
    // After the adapter has unsubscribed, so nothing is sent on a closed client.
    await redis?.close();
  });
}

/** The rooms a user's socket belongs in (rooms.ts, from the policy table); the school and user come from the session, never the client. */
function joinRooms(socket: Socket, user: SignedInUser, sessionId: string): void {
  const member = { id: user._id.toHexString(), role: user.role, status: user.status, schoolId: user.schoolId?.toHexString() ?? null };
  for (const room of roomsOf(member, sessionId)) void socket.join(room);
}

function isAllowedOrigin(headers: Record<string, string | string[] | undefined>, config: Config): boolean {
  const origin = headers.origin;
  if (typeof origin !== 'string') return false;
  if (config.publicOrigin && origin === new URL(config.publicOrigin).origin) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * Once the user is known, the handshake's HTTP request (its parser state and socket wrappers) is
 * not read again; kept, it costs every idle socket a few KB. Socket.IO's own memory advice.
 */
function forgetHandshakeRequest(socket: Socket): void {
  (socket.conn as unknown as { request: unknown }).request = null;
}
