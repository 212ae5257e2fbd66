import { serviceUnavailable } from '../httpError';
import { releaseClaim, tryClaim } from './claims';

/**
 * One writer at a time per list (a school's sick list of a day, a school's trips), on every
 * engine and every app instance: a change reads the list, changes it and writes it back while
 * holding the list's claim. FerretDB 1.x applies even `$push` as find-then-write, so two admins
 * saving at once would otherwise lose one of the saves.
 */
const WAIT_LIMIT_MS = 10_000;
const BUSY = 'Listen er opptatt akkurat nå. Prøv igjen.';

// Writers in this process queue here first, so they do not poll the database against each other.
const queues = new Map<string, Promise<void>>();

async function acquire(claimId: string): Promise<void> {
  const started = Date.now();
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    if (await tryClaim(claimId)) return;
    if (Date.now() - started > WAIT_LIMIT_MS) throw serviceUnavailable(BUSY);
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
  }
}

export async function withListLock<T>(key: string, change: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  let done!: () => void;
  const turn = new Promise<void>((resolve) => (done = resolve));
  const mine = previous.then(() => turn);
  queues.set(key, mine);
  await previous;
  try {
    const claimId = `list:${key}`;
    await acquire(claimId);
    try {
      return await change();
    } finally {
      await releaseClaim(claimId);
    }
  } finally {
    done();
    if (queues.get(key) === mine) queues.delete(key);
  }
}
