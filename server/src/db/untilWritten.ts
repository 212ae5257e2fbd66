/** What one try of an optimistic write gives when another write came between what it read and its write. */
export const AGAIN: unique symbol = Symbol('again');
export type Attempt<T> = T | typeof AGAIN;

/**
 * The one retry of optimistic writes (read, change, write only on what was read: the app holds no
 * locks, ARCHITECTURE.md). `attempt` runs until it gives a value rather than AGAIN, while within
 * `tries` or `withinMs`; after a clash the next try waits a few random milliseconds, so writers that
 * met do not meet again. Past the limit `exhausted` decides: a 'busy' error, or giving up quietly.
 */
export async function untilWritten<T>(
  limit: { tries: number } | { withinMs: number },
  attempt: (tryNumber: number) => Promise<Attempt<T>>,
  exhausted: () => T,
): Promise<T> {
  const started = Date.now();
  for (let tryNumber = 1; ; tryNumber++) {
    const outcome = await attempt(tryNumber);
    if (outcome !== AGAIN) return outcome;
    const over = 'tries' in limit ? tryNumber >= limit.tries : Date.now() - started > limit.withinMs;
    if (over) return exhausted();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * tryNumber)));
  }
}
