import { afterAll, beforeAll } from 'vitest';

/**
 * Something a test file needs running (a server, an SMTP server, Redis), started before the file's
 * tests and stopped after them; `started` hands it to the file's variables. The helpers built on
 * this register their hooks where they are called: what a file starts above a call is up before it
 * and stopped after it (Vitest runs afterAll hooks in the reverse order of their registration).
 */
export function useStarted<T>(
  start: () => Promise<T>,
  stop: (running: T) => Promise<void>,
  started: (running: T) => unknown = () => undefined,
  /** How long starting may take, when longer than a hook's default (a server built first). */
  startTimeoutMs?: number,
): void {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
    await started(running);
  }, startTimeoutMs);
  afterAll(async () => {
    if (running !== undefined) await stop(running);
  });
}
