/**
 * Counts sign-in attempts per account (e-mail) in a sliding window, so that guessing one
 * account's password from many addresses is slowed down as well. Kept in memory: with several
 * instances each one counts on its own, which still bounds the rate.
 */
export class AccountLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  record(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.attempts.set(key, list);
    if (this.attempts.size > 10_000) this.prune(now);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, list] of this.attempts) {
      if (list.every((t) => now - t >= this.windowMs)) this.attempts.delete(key);
    }
  }
}
