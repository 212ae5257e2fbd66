import { serviceUnavailable } from '../httpError';
import { releaseClaim, tryClaim } from './claims';
import { inOrder } from './inOrder';

/**
 * One writer at a time per list (a school's sick list of a day, a school's trips), on every
 * engine and every app instance: a change reads the list, changes it and writes it back while
 * holding the list's claim. FerretDB 1.x applies even `$push` as find-then-write, so two admins
 * saving at once would otherwise lose one of the saves.
 */
const WAIT_LIMIT_MS = 10_000;
const BUSY = 'Listen er opptatt akkurat nå. Prøv igjen.';

async function acquire(claimId: string): Promise<void> {
  const started = Date.now();
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    if (await tryClaim(claimId)) return;
    if (Date.now() - started > WAIT_LIMIT_MS) throw serviceUnavailable(BUSY);
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
  }
}

export async function withListLock<T>(key: string, change: () => Promise<T>): Promise<T> {
  // Writers in this process queue first, so they do not poll the database against each other.
  return inOrder(key, async () => {
    const claimId = `list:${key}`;
    await acquire(claimId);
    try {
      return await change();
    } finally {
      await releaseClaim(claimId);
    }
  });
}
