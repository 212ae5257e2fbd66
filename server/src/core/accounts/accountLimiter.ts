import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TEXTS } from '#protocol/texts';
import { HttpError } from '../../httpError';

/** The one 429 of the attempt limits (wrong passwords, codes, passkeys, reset mails). */
export function tooManyAttempts(): HttpError {
  return new HttpError(429, TEXTS.tooManyAttempts);
}

/**
 * Counts failed attempts per key (an account's e-mail, a user, a passkey, an address) in a window
 * that starts at the first failure, and refuses once there were `max` (rate-limiter-flexible).
 * Shared by every instance through Redis when REDIS_URL is set (attemptLimits.ts), so N instances
 * allow what one does; in this instance's memory otherwise, and while Redis does not answer.
 */
export class AccountLimiter {
  constructor(
    private readonly counter: RateLimiterAbstract,
    private readonly max: number,
  ) {}

  /** Throws the 429 when the key has used its attempts. */
  async refuseIfBlocked(key: string): Promise<void> {
    const counted = await this.counter.get(key);
    if (counted && counted.consumedPoints >= this.max) throw tooManyAttempts();
  }

  /** Whether the key has used its attempts, for a limit that must not answer differently (a silent one). */
  async isBlocked(key: string): Promise<boolean> {
    const counted = await this.counter.get(key);
    return counted !== null && counted.consumedPoints >= this.max;
  }

  async record(key: string): Promise<void> {
    await this.counter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.counter.delete(key);
  }
}

/** A limiter in this instance's memory only (no Redis, and Redis's stand-in while it is away). */
export function memoryCounter(name: string, max: number, windowMs: number): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: name, points: max, duration: Math.ceil(windowMs / 1000) });
}

/** A limiter in Redis, with memory as its insurance while Redis does not answer. */
export function redisCounter(client: unknown, name: string, max: number, windowMs: number): RateLimiterAbstract {
  return new RateLimiterRedis({
    storeClient: client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    keyPrefix: `tilsynsvakt:attempts:${name}`,
    points: max,
    duration: Math.ceil(windowMs / 1000),
    insuranceLimiter: memoryCounter(name, max, windowMs),
  });
}
