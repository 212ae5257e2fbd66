import { AsyncLocalStorage } from 'node:async_hooks';
import { systemClock, type Clock } from './clock';

/**
 * The clock of the app running in this process, for the times stored where the app itself is out
 * of reach: mongoose's createdAt/updatedAt and the audit trail's `at`. buildApp() installs its clock
 * and gives it back when it closes; with no app running (the operator's tools) it is the system
 * clock. Apps open at the same time must share one clock: otherwise stored times would follow
 * whichever was built last, so a second clock is refused.
 */
let installed: Clock = systemClock;
let openApps = 0;

/** Makes `clock` the process's clock until the returned function is called (once per app). */
export function installAppClock(clock: Clock): () => void {
  if (openApps > 0 && clock !== installed) {
    throw new Error('Another app in this process runs on another clock: apps open at the same time must share one.');
  }
  installed = clock;
  openApps += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openApps -= 1;
    if (openApps === 0) installed = systemClock;
  };
}

/** A clock for what one piece of work stores, whatever the app's clock says (storedOnClock). */
const scoped = new AsyncLocalStorage<Clock>();

/**
 * Runs `work` with what it stores stamped on `clock` instead of the app's (the demo's history,
 * written as if on its own days: features/demo). Only `work` and what it awaits see that clock;
 * requests answered meanwhile keep the app's.
 */
export function storedOnClock<T>(clock: Clock, work: () => Promise<T>): Promise<T> {
  return scoped.run(clock, work);
}

/** Now, on the running app's clock (or the clock of the work under way, storedOnClock). */
export function appNow(): Date {
  return (scoped.getStore() ?? installed).now();
}

/** The schemas' timestamps option: createdAt and updatedAt as mongoose keeps them, on the app's clock. */
export const appTimestamps = { createdAt: true, updatedAt: true, currentTime: appNow } as const;
