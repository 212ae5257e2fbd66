import { collectionNames, mainDb } from './backup/databases';

/**
 * Collections of the shared database that earlier versions kept and nothing reads or purges now.
 * `idempotencyrecords`: the Idempotency-Key's records until 2026-11-25 (the key now names the
 * case); they hold the answers they replayed, case texts and names among them. `writeclaims`: the
 * turns writers took until the embedded engine applied each write atomically itself (issue 29).
 */
const RETIRED = ['idempotencyrecords', 'writeclaims'];
/** MongoDB's (and FerretDB's) code for a collection that is not there. */
const NAMESPACE_NOT_FOUND = 26;

/** Drops the retired collections that are still there, at start; two instances at once are fine. */
export async function dropRetiredCollections(log: (line: string) => void): Promise<void> {
  const db = mainDb();
  const present = new Set(await collectionNames(db));
  for (const name of RETIRED.filter((n) => present.has(n))) {
    try {
      await db.dropCollection(name);
      log(`Samlingen ${name} er fjernet (brukes ikke lenger)`);
    } catch (err) {
      if ((err as { code?: unknown }).code !== NAMESPACE_NOT_FOUND) throw err;
    }
  }
}
