import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { ADMIN_ROLE, CARETAKER_ROLE, PLATFORM_ADMIN_ROLE, SICK_COMMENT_ROLES, type Role } from '../../../protocol/src/roles';
import type { Config } from '../config';
import { sessionCookieName } from '../plugins/session';
import type { UserDoc } from '../features/users/model';
import { authenticateSocket, liveSession, SocketAuthError } from './handshake';
import { watchSession } from './sessionWatch';
import { Realtime, type IoServer } from './realtime';
import { rooms } from './rooms';
import { createRedisPair } from './redisClients';
import { addPrincipalsPublisher, principalsChangedElsewhere } from '../features/auth/principalChanges';
import { addSchoolDataPublisher, schoolDataChanged } from '../db/schoolReadCache';
import { addSessionsPublisher, sessionsEndedElsewhere, setSessionsTrusted } from '../features/auth/sessionCache';

const PRINCIPALS_CHANGED = 'principals.changed';
const SCHOOL_DATA_CHANGED = 'schoolData.changed';
const SESSIONS_ENDED = 'sessions.ended';
/** How long an instance that ended sessions waits for the others to say they forgot them. */
const SESSIONS_ENDED_ACK_MS = 2000;

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
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { requestsTimeout: SESSIONS_ENDED_ACK_MS }));
  // A user or school changed here: the other instances forget their cached copies too.
  const removePublisher = redis ? addPrincipalsPublisher(() => io.serverSideEmit(PRINCIPALS_CHANGED)) : () => false;
  const removeSchoolDataPublisher = redis
    ? addSchoolDataPublisher((schoolId, modelName) => io.serverSideEmit(SCHOOL_DATA_CHANGED, schoolId, modelName))
    : () => false;
  // Sessions ended here: every other instance forgets its cached copies before the request that
  // ended them answers. Those that cannot hear (their Redis link is down) trust no cached session.
  let linkUp = false;
  const removeSessionsPublisher = redis
    ? addSessionsPublisher(async () => {
        if (!linkUp) return app.log.warn('sessions ended while Redis is away: the other instances are not told');
        let timer: ReturnType<typeof setTimeout> | undefined;
        const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), SESSIONS_ENDED_ACK_MS)));
        try {
          const outcome = await Promise.race([io.serverSideEmitWithAck(SESSIONS_ENDED), gaveUp]);
          if (outcome === 'timeout') app.log.warn('not every instance confirmed in time that ended sessions were forgotten');
        } catch (err) {
          app.log.warn({ err }, 'not every instance confirmed that ended sessions were forgotten');
        } finally {
          clearTimeout(timer);
        }
      })
    : () => false;
  if (redis) {
    setSessionsTrusted(false);
    redis.onLinkChange((up) => {
      linkUp = up;
      setSessionsTrusted(up);
    });
  }
  const serverSide = io as unknown as { on(event: string, listener: (...args: unknown[]) => void): void };
  serverSide.on(SESSIONS_ENDED, (ack) => {
    sessionsEndedElsewhere();
    if (typeof ack === 'function') ack(true);
  });
  serverSide.on(PRINCIPALS_CHANGED, principalsChangedElsewhere);
  serverSide.on(SCHOOL_DATA_CHANGED, (schoolId, modelName) => {
    if (typeof schoolId === 'string' && typeof modelName === 'string') schoolDataChanged(schoolId, modelName, true);
  });

  const sessionIdFromCookie = (header: string | undefined): string | null => {
    const signed = app.parseCookie(header ?? '')[sessionCookieName(config)];
    const unsigned = signed ? app.unsignCookie(signed) : undefined;
    return unsigned?.valid ? unsigned.value : null;
  };

  io.use((socket, next) => {
    const join = async () => {
      const { user, sessionId } = await authenticateSocket(sessionIdFromCookie(socket.request.headers.cookie), config);
      joinRooms(socket, user, sessionId);
      // A sign-out that ran while this handshake read the session sent its disconnect before this
      // socket was in the session's room; reading again after joining closes that gap.
      const stillLive = await liveSession(sessionId, config);
      if (!stillLive) throw new SocketAuthError('Ikke innlogget');
      watchSession(socket, sessionId, stillLive.endsAt, config, (err) =>
        app.log.error({ err }, 'session check failed'),
      );
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

  app.decorate('realtime', new Realtime(io, config.env !== 'production'));
  app.addHook('onClose', async () => {
    removePublisher();
    removeSchoolDataPublisher();
    removeSessionsPublisher();
    if (redis) setSessionsTrusted(true);
    io.disconnectSockets(true);
    await io.close();
    // After the adapter has unsubscribed, so nothing is sent on a closed client.
    await redis?.close();
  });
}

/** The rooms a user's socket belongs in; the school and user come from the session, never the client. */
function joinRooms(socket: Socket, user: UserDoc, sessionId: string): void {
  void socket.join(rooms.user(user._id.toHexString()));
  void socket.join(rooms.session(sessionId));
  // A user waiting for approval hears only about their own account.
  if (user.status !== 'approved') return;
  if (user.role === PLATFORM_ADMIN_ROLE) void socket.join(rooms.platform);
  if (!user.schoolId) return;
  const schoolId = user.schoolId.toHexString();
  void socket.join(rooms.school(schoolId));
  if (user.role === ADMIN_ROLE) void socket.join(rooms.schoolAdmins(schoolId));
  if (user.role === ADMIN_ROLE || user.role === CARETAKER_ROLE) void socket.join(rooms.schoolMaintenance(schoolId));
  if (!SICK_COMMENT_ROLES.includes(user.role as Role)) void socket.join(rooms.schoolRedacted(schoolId));
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
