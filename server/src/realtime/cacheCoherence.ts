import type { FastifyBaseLogger } from 'fastify';
import { addPrincipalsPublisher, principalsChangedElsewhere, setPrincipalsTrusted } from '../features/auth/principalChanges';
import { addSessionsPublisher, sessionsEndedElsewhere, setSessionsTrusted } from '../features/auth/sessionCache';
import { addSchoolDataPublisher, schoolDataChanged } from '../db/schoolReadCache';
import type { IoServer } from './realtime';
import type { RedisPair } from './redisClients';

const PRINCIPALS_CHANGED = 'principals.changed';
const SESSIONS_ENDED = 'sessions.ended';
const SCHOOL_DATA_CHANGED = 'schoolData.changed';
/** How long a write waits for the other instances to confirm that they forgot what it changed. */
export const CONFIRM_TIMEOUT_MS = 2000;

type ServerSide = { on(event: string, listener: (...args: unknown[]) => void): void };

/**
 * Keeps the in-memory caches of all instances in step, through Redis (Socket.IO's server-side
 * events). Ended sessions and changed users or schools: the write's request answers only after
 * every other instance has confirmed that it forgot them, and an instance whose Redis link is down
 * serves neither from memory. A school's hot lists: the others are told without waiting (a list a
 * moment old is stale, not a breach). Returns what undoes it, for shutdown.
 */
export function linkCachesAcrossInstances(io: IoServer, redis: RedisPair, log: FastifyBaseLogger): () => void {
  let linkUp = false;
  const confirmedByOthers = (event: string) => async () => {
    if (!linkUp) return log.warn(`${event} while Redis is away: the other instances are not told`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), CONFIRM_TIMEOUT_MS)));
    try {
      const outcome = await Promise.race([io.serverSideEmitWithAck(event), gaveUp]);
      if (outcome === 'timeout') log.warn(`${event}: not every instance confirmed in time`);
    } catch (err) {
      log.warn({ err }, `${event}: not every instance confirmed`);
    } finally {
      clearTimeout(timer);
    }
  };
  const removers = [
    addSessionsPublisher(confirmedByOthers(SESSIONS_ENDED)),
    addPrincipalsPublisher(confirmedByOthers(PRINCIPALS_CHANGED)),
    addSchoolDataPublisher((schoolId, modelName) => io.serverSideEmit(SCHOOL_DATA_CHANGED, schoolId, modelName)),
  ];

  const setTrusted = (up: boolean) => {
    linkUp = up;
    setSessionsTrusted(up);
    setPrincipalsTrusted(up);
  };
  setTrusted(false);
  redis.onLinkChange(setTrusted);

  const serverSide = io as unknown as ServerSide;
  const confirming = (forget: () => void) => (ack: unknown) => {
    forget();
    if (typeof ack === 'function') ack(true);
  };
  serverSide.on(SESSIONS_ENDED, confirming(sessionsEndedElsewhere));
  serverSide.on(PRINCIPALS_CHANGED, confirming(principalsChangedElsewhere));
  serverSide.on(SCHOOL_DATA_CHANGED, (schoolId, modelName) => {
    if (typeof schoolId === 'string' && typeof modelName === 'string') schoolDataChanged(schoolId, modelName, true);
  });

  return () => {
    for (const remove of removers) remove();
    setSessionsTrusted(true);
    setPrincipalsTrusted(true);
  };
}
