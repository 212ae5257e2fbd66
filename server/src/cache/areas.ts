import { cacheArea, type AreaRule } from './readThrough';

/**
 * Who is asking: every user and school, read on every request. Any write to users or schools
 * empties it everywhere before the write's caller goes on.
 */
export const principals = cacheArea('principals', { ttlMs: 30_000, maxEntries: 20_000, acrossInstances: 'confirmed' });

/**
 * Live sessions. A session's data changes only through its own store, which forgets it here; any
 * delete of sessions empties the area everywhere before its caller goes on. The cache never decides
 * that a session expired: past its expiry, or after 10 s, it is read again (another instance may
 * have moved the expiry on); the 10 s also bound how long a lost message could matter.
 */
export const sessions = cacheArea('sessions', { ttlMs: 10_000, maxEntries: 20_000, acrossInstances: 'confirmed' });

const SCHOOL_DATA: AreaRule = { ttlMs: 30_000, maxEntries: 64, acrossInstances: 'told' };

/** One school's collection (its hot lists: the board's rounds, the last seven days, the cases…). */
export function schoolData(schoolId: { toHexString(): string } | string, modelName: string) {
  const id = typeof schoolId === 'string' ? schoolId : schoolId.toHexString();
  return cacheArea(`school:${id}:${modelName}`, SCHOOL_DATA);
}

const DELETED_CASE_KEYS: AreaRule = { ttlMs: 60_000, maxEntries: 1, acrossInstances: 'confirmed' };

/**
 * The ids of a school's deleted keyed cases, which a keyed create checks in memory rather than with
 * a read of its own (the live write's one database operation is its insert). A deletion empties it
 * everywhere before it is answered, so a replay of a deleted case's key never makes it anew.
 */
export function deletedCaseKeys(schoolId: { toHexString(): string }) {
  return cacheArea(`school:${schoolId.toHexString()}:deletedCaseKeys`, DELETED_CASE_KEYS);
}
