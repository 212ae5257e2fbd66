import { Schema, model } from 'mongoose';
import { trusted } from './trusted';
import { unlessDuplicate } from './duplicateKey';

/**
 * Claims: documents whose _id names something a writer holds for a moment. Inserting a unique _id
 * is the one write FerretDB 1.x (SQLite) makes atomic (its updates find, then write), so a claim
 * is how writers on any engine, and on any app instance, take turns.
 */
const claimSchema = new Schema({ _id: { type: String, required: true }, createdAt: { type: Date, required: true } });
const WriteClaim = model('WriteClaim', claimSchema);

/** A claim older than this was left by a crashed writer; it must not block the thing for ever. */
const STALE_CLAIM_MS = 30_000;

/** True if this caller now holds the claim. */
export async function tryClaim(id: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await unlessDuplicate(
      async () => Boolean(await WriteClaim.create({ _id: id, createdAt: new Date() })),
      () => false,
    );
    if (claimed) return true;
    const stale = await WriteClaim.deleteOne({ _id: id, createdAt: trusted({ $lt: new Date(Date.now() - STALE_CLAIM_MS) }) });
    if (stale.deletedCount === 0) return false;
  }
  return false;
}

/**
 * Lets the claim go. If the database is away just then, the claim is let go as soon as it is back
 * (retried with a back-off), so the list it guards is not held until the claim goes stale.
 */
export async function releaseClaim(id: string): Promise<void> {
  try {
    await WriteClaim.deleteOne({ _id: id });
  } catch {
    retryRelease(id, 1);
  }
}

const RELEASE_RETRIES = 20;

function retryRelease(id: string, attempt: number): void {
  if (attempt > RELEASE_RETRIES) return;
  const timer = setTimeout(() => {
    WriteClaim.deleteOne({ _id: id }).catch(() => retryRelease(id, attempt + 1));
  }, Math.min(5_000, 250 * 2 ** attempt));
  timer.unref();
}
