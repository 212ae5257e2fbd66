import type { z } from 'zod';
import { PRODUCT_NAME } from '#protocol/product';
import { HttpError, notReached } from '../api/http';
import { useAuthStore } from './authStore';
import { registerStore } from './registry';

/**
 * The last lists the signed-in user loaded on the board (issue 44: rounds, Syke, Bortreist, the own
 * report, the caretaker's cases), kept on this device so that a reload off line still shows them,
 * marked with when they were fetched. One copy per user and list, of the scope last loaded: a copy
 * of another school or report day is never shown for this one. Cached data is cleared whenever the
 * app signs out (spec §4), and at every new sign-in, so no one sees another user's copy.
 */
export interface DeviceCopy<T> {
  data: T;
  /** When the server gave this data (ISO instant). */
  fetchedAt: string;
}

/** A list kept on the device: its name (one copy each), and the schema a copy must still match (an older app's copy is dropped). */
export interface KeptOnDevice<T> {
  name: string;
  schema: z.ZodType<T>;
}

const PREFIX = `${PRODUCT_NAME.toLowerCase()}_copy:`;

interface Stored {
  scope: string;
  fetchedAt: string;
  data: unknown;
}

function keyOf(name: string): string | null {
  const userId = useAuthStore.getState().user?.id;
  return userId ? `${PREFIX}${userId}:${name}` : null;
}

/** Keeps what the server just gave (an answer, or an event that is at least as new) as the copy of that scope. */
export function keepCopy<T>(kept: KeptOnDevice<T>, scope: string, data: T): void {
  const key = keyOf(kept.name);
  if (!key) return;
  const stored: Stored = { scope, fetchedAt: new Date().toISOString(), data };
  try {
    localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: there is no copy for off line, and the screen works as before.
  }
}

/** The signed-in user's copy of this scope, if the device has one that this app can read. */
export function readCopy<T>(kept: KeptOnDevice<T>, scope: string): DeviceCopy<T> | null {
  const key = keyOf(kept.name);
  if (!key) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Stored | null;
    if (!stored || stored.scope !== scope || typeof stored.fetchedAt !== 'string') return null;
    const parsed = kept.schema.safeParse(stored.data);
    return parsed.success ? { data: parsed.data, fetchedAt: stored.fetchedAt } : null;
  } catch {
    return null;
  }
}

/** Every user's copies off the device. */
export function forgetCopies(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** Whether a failed load may show the device's copy: the server was out of reach or failed, rather than refusing. */
export function mayShowCopy(error: unknown): boolean {
  return notReached(error) || (error instanceof HttpError && error.status >= 500);
}

/** The browser says it has no network: a load would fail, so the copy is shown at once. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

// Sign-out, a new sign-in and a change of user or role reset the stores; the copies go with them.
registerStore({ refetchIfLoaded() {}, reset: forgetCopies });
// Signed out without a reset too (a session found ended when the app starts): nothing stays behind.
useAuthStore.subscribe((state, previous) => {
  if (state.phase === 'signedOut' && previous.phase !== 'signedOut') forgetCopies();
});
