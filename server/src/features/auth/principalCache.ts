import type { Types } from 'mongoose';
import { School } from '../schools/model';
import { UserModel, type UserRecord } from '../users/model';
import { onPrincipalsChanged, principalsGeneration, principalsTrusted } from './principalChanges';

/**
 * Who is asking, in memory: the user and whether their school is active, read on every request.
 * Sessions have a cache of their own with stricter rules (sessionCache.ts): a session ended
 * anywhere (sign-out, deactivation, password change, school switched off or deleted) is never
 * served from memory.
 * Any write to users or schools empties this cache on this instance and, through Redis, on the
 * others before the write's caller goes on (principalChanges.ts); an instance that cannot hear
 * Redis serves nothing from here; entries also expire, in case such a message was lost.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry<T> = { value: T; at: number };
const users = new Map<string, Entry<UserRecord>>();
const schools = new Map<string, Entry<boolean>>();
onPrincipalsChanged(() => {
  users.clear();
  schools.clear();
});

function fresh<T>(entry: Entry<T> | undefined): entry is Entry<T> {
  return entry !== undefined && principalsTrusted() && Date.now() - entry.at < TTL_MS;
}

function remember<T>(map: Map<string, Entry<T>>, key: string, value: T, generationAtRead: number): void {
  // A write that happened while this was being read has already emptied the cache: keep nothing.
  if (generationAtRead !== principalsGeneration() || !principalsTrusted()) return;
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, { value, at: Date.now() });
}

/**
 * One read at a time per key: requests that miss together wait for the same read. The key holds
 * the generation, so a request that comes after a write never joins a read begun before it.
 */
const inFlight = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: (generation: number) => Promise<T>): Promise<T> {
  const generation = principalsGeneration();
  const flightKey = `${generation}:${key}`;
  const pending = inFlight.get(flightKey) as Promise<T> | undefined;
  if (pending) return pending;
  const started = load(generation).finally(() => inFlight.delete(flightKey));
  inFlight.set(flightKey, started);
  return started;
}

/** The user as stored, shared by every request that asks until users change: frozen, never to be changed in place. */
export async function findUserCached(userId: string): Promise<UserRecord | null> {
  const hit = users.get(userId);
  if (fresh(hit)) return hit.value;
  return once(`user:${userId}`, async (generation) => {
    const found = await UserModel.findById(userId).lean<UserRecord>();
    if (!found) return null;
    const user = Object.freeze(found);
    remember(users, userId, user, generation);
    return user;
  });
}

export async function isSchoolActiveCached(schoolId: Types.ObjectId | null | undefined): Promise<boolean> {
  if (!schoolId) return false;
  const key = schoolId.toHexString();
  const hit = schools.get(key);
  if (fresh(hit)) return hit.value;
  return once(`school:${key}`, async (generation) => {
    const active = (await School.findById(schoolId, { active: 1 }).lean())?.active === true;
    remember(schools, key, active, generation);
    return active;
  });
}

const derived = new Map<string, Entry<unknown>>();
onPrincipalsChanged(() => derived.clear());

/**
 * A value made only from users and schools (a school's user list, say), kept until any of them
 * changes. The caller gets its own copy's worth: values are treated as read-only.
 */
export async function derivedFromPrincipals<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = derived.get(key) as Entry<T> | undefined;
  if (fresh(hit)) return hit.value;
  return once(`derived:${key}`, async (generation) => {
    const value = await load();
    remember(derived as Map<string, Entry<T>>, key, value, generation);
    return value;
  });
}
