import type { FastifyBaseLogger } from 'fastify';
import { addChangePublisher, changedElsewhere, setHeardByOthers } from '../cache/readThrough';
import type { IoServer } from './realtime';
import type { RedisPair } from './redisClients';

const CACHE_CHANGED = 'cache.changed';
/** How long a write waits for the other instances to confirm that they forgot what it changed. */
export const CONFIRM_TIMEOUT_MS = 2000;

type ServerSide = { on(event: string, listener: (...args: unknown[]) => void): void };

/**
 * Keeps the one in-memory cache (cache/readThrough.ts) of all instances in step, through Redis
 * (Socket.IO's server-side events): each change to an area is told to the others, and for a
 * 'confirmed' area the write's request answers only after every other instance has said it forgot.
 * While this instance's Redis link is down the cache serves nothing from those areas. Returns what
 * undoes it, for shutdown.
 */
export function linkCachesAcrossInstances(io: IoServer, redis: RedisPair, log: FastifyBaseLogger): () => void {
  let linkUp = false;
  const tellOthers = async (areaName: string, confirmed: boolean) => {
    if (!linkUp) return log.warn(`${CACHE_CHANGED} ${areaName} while Redis is away: the other instances are not told`);
    if (!confirmed) return void io.serverSideEmit(CACHE_CHANGED, areaName);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), CONFIRM_TIMEOUT_MS)));
    try {
      const outcome = await Promise.race([io.serverSideEmitWithAck(CACHE_CHANGED, areaName), gaveUp]);
      if (outcome === 'timeout') log.warn(`${CACHE_CHANGED} ${areaName}: not every instance confirmed in time`);
    } catch (err) {
      log.warn({ err }, `${CACHE_CHANGED} ${areaName}: not every instance confirmed`);
    } finally {
      clearTimeout(timer);
    }
  };
  const removePublisher = addChangePublisher(tellOthers);

  const setLink = (up: boolean) => {
    linkUp = up;
    setHeardByOthers(up);
  };
  setLink(false);
  redis.onLinkChange(setLink);

  (io as unknown as ServerSide).on(CACHE_CHANGED, (areaName, ack) => {
    if (typeof areaName === 'string') changedElsewhere(areaName);
    if (typeof ack === 'function') ack(true);
  });

  return () => {
    removePublisher();
    setHeardByOthers(true);
  };
}
