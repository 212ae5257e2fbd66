import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Config } from '../../config';
import { AccountLimiter, memoryCounter, redisCounter } from './accountLimiter';

declare module 'fastify' {
  interface FastifyInstance {
    attemptLimits: AttemptLimits;
  }
}

/**
 * Where the attempt limits count (issue 43): in Redis when REDIS_URL is set, so that every instance
 * counts the same attempts (the Socket.IO adapter's Redis, a client of its own), else in memory.
 * Each limiter has its own name; the same name is the same count, on every instance and for every
 * route that asks for it (sign-in and the proof share theirs: features/auth/signInLimits.ts).
 */
export class AttemptLimits {
  private readonly byName = new Map<string, { limiter: AccountLimiter; max: number; windowMs: number }>();

  constructor(private readonly redis: ReturnType<typeof createClient> | null) {}

  limiter(name: string, max: number, windowMs: number): AccountLimiter {
    const known = this.byName.get(name);
    if (known) {
      if (known.max !== max || known.windowMs !== windowMs) throw new Error(`Attempt limit '${name}' asked for with other numbers`);
      return known.limiter;
    }
    const counter = this.redis ? redisCounter(this.redis, name, max, windowMs) : memoryCounter(name, max, windowMs);
    const limiter = new AccountLimiter(counter, max);
    this.byName.set(name, { limiter, max, windowMs });
    return limiter;
  }
}

export function registerAttemptLimits(app: FastifyInstance, config: Config): void {
  // No offline queue: while Redis is away a command fails at once and the memory insurance counts,
  // instead of the request waiting for Redis (a delete is not checked for readiness by the library).
  const redis = config.redisUrl ? createClient({ url: config.redisUrl, disableOfflineQueue: true }) : null;
  if (redis) {
    // Meanwhile (and during an outage) the limits count in memory: see redisCounter's insurance.
    redis.on('error', (err: Error) => app.log.warn(`redis attempts: ${err.message}`));
    redis.connect().catch((err: unknown) => app.log.error({ err }, 'redis connect failed (attempt limits)'));
    app.addHook('onClose', async () => {
      if (redis.isReady) await redis.close().catch(() => redis.destroy());
      else if (redis.isOpen) redis.destroy();
    });
  }
  app.decorate('attemptLimits', new AttemptLimits(redis));
}
