import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

/** The commands the Socket.IO adapter sends without awaiting them. */
const FIRE_AND_FORGET = new Set(['publish', 'pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe']);

/** Publishes queued while Redis is away; beyond this they are dropped (the clients refetch on reconnect). */
const OFFLINE_QUEUE_LIMIT = 1000;

/**
 * The adapter's publish and subscribe calls are not awaited, so a command refused during an outage
 * (or flushed when the client is closed) would be an unhandled rejection, which ends a Node process.
 * This gives each such call a handler that logs it instead.
 */
function withHandledCommands(client: RedisClient, name: string, log: FastifyBaseLogger): RedisClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !FIRE_AND_FORGET.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args);
        if (result instanceof Promise) {
          result.catch((err: unknown) => log.warn(`redis ${name} ${prop}: ${err instanceof Error ? err.message : String(err)}`));
        }
        return result;
      };
    },
  });
}

export interface RedisPair {
  pub: RedisClient;
  sub: RedisClient;
  /** Called with true when both clients are ready, with false when either is not (lost, reconnecting). */
  onLinkChange(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

/** The publisher and subscriber behind the Socket.IO adapter; they reconnect by themselves after an outage. */
export function createRedisPair(url: string, log: FastifyBaseLogger): RedisPair {
  const pubClient = createClient({ url, commandsQueueMaxLength: OFFLINE_QUEUE_LIMIT });
  const subClient = pubClient.duplicate();
  // Without a listener a Redis hiccup is an unhandled 'error'. With one, the clients reconnect by
  // themselves; meanwhile (and when Redis is not up yet at start) events still reach this
  // instance's own sockets, and the instances join again once Redis answers.
  for (const [name, client] of [
    ['pub', pubClient],
    ['sub', subClient],
  ] as const) {
    client.on('error', (err: Error) => log.warn(`redis ${name}: ${err.message}`));
  }
  const linkListeners = new Set<(up: boolean) => void>();
  let linkUp = false;
  const checkLink = () => {
    const up = pubClient.isReady && subClient.isReady;
    if (up === linkUp) return;
    linkUp = up;
    for (const listener of linkListeners) listener(up);
  };
  for (const client of [pubClient, subClient]) {
    for (const event of ['ready', 'end', 'error', 'reconnecting']) client.on(event, checkLink);
  }
  void Promise.all([pubClient.connect(), subClient.connect()]).catch((err: unknown) => log.error({ err }, 'redis connect failed'));
  return {
    pub: withHandledCommands(pubClient, 'pub', log),
    sub: withHandledCommands(subClient, 'sub', log),
    onLinkChange(listener) {
      linkListeners.add(listener);
    },
    async close() {
      linkListeners.clear();
      for (const client of [pubClient, subClient]) {
        if (client.isReady) await client.close().catch(() => client.destroy());
        else if (client.isOpen) client.destroy();
      }
    },
  };
}
