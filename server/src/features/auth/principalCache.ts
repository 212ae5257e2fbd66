import type { Types } from 'mongoose';
import { School } from '../schools/model';
import { UserModel, type UserDoc } from '../users/model';
import { onPrincipalsChanged, principalsGeneration } from './principalChanges';

/**
 * Who is asking, in memory: the user and whether their school is active, read on every request.
 * The session itself is always read from the database, so a session ended anywhere (sign-out,
 * deactivation, password change, school switched off or deleted) is never served from here.
 * Any write to users or schools empties this cache at once on this instance and, through Redis,
 * on the others (principalChanges.ts); entries also expire, in case such a message was lost.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry<T> = { value: T; at: number };
const users = new Map<string, Entry<Record<string, unknown>>>();
const schools = new Map<string, Entry<boolean>>();
onPrincipalsChanged(() => {
  users.clear();
  schools.clear();
});

function fresh<T>(entry: Entry<T> | undefined): entry is Entry<T> {
  return entry !== undefined && Date.now() - entry.at < TTL_MS;
}

function remember<T>(map: Map<string, Entry<T>>, key: string, value: T, generationAtRead: number): void {
  // A write that happened while this was being read has already emptied the cache: keep nothing.
  if (generationAtRead !== principalsGeneration()) return;
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, { value, at: Date.now() });
}

export async function findUserCached(userId: string): Promise<UserDoc | null> {
  const hit = users.get(userId);
  if (fresh(hit)) return UserModel.hydrate(hit.value);
  const generation = principalsGeneration();
  const row = await UserModel.findById(userId).lean<Record<string, unknown>>();
  if (!row) return null;
  remember(users, userId, row, generation);
  return UserModel.hydrate(row);
}

export async function isSchoolActiveCached(schoolId: Types.ObjectId | null | undefined): Promise<boolean> {
  if (!schoolId) return false;
  const key = schoolId.toHexString();
  const hit = schools.get(key);
  if (fresh(hit)) return hit.value;
  const generation = principalsGeneration();
  const active = (await School.findById(schoolId, { active: 1 }).lean())?.active === true;
  remember(schools, key, active, generation);
  return active;
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
  const generation = principalsGeneration();
  const value = await load();
  remember(derived as Map<string, Entry<T>>, key, value, generation);
  return value;
}
