import { principals } from '../../cache/areas';
import type { Principals } from '../../plugins/principals';
import { readThrough } from '../../cache/readThrough';
import { isSchoolActive } from '../accounts/activeSchools';
import { School } from '../accounts/schoolModel';
import { UserModel, type UserRecord } from '../accounts/userModel';

/**
 * Who is asking, in memory (the principals area of the one cache, cache/areas.ts): the user and
 * whether their school is active, read on every request. Any write to users or schools empties it
 * here and on every other instance before the write's caller goes on.
 */
const found = <T>(value: T | null) => value !== null;

/** The user as stored, shared by every request that asks until users change (the cache freezes it). */
export function findUserCached(userId: string): Promise<UserRecord | null> {
  return readThrough(principals, `user:${userId}`, () => UserModel.findById(userId).lean<UserRecord>(), { keep: found });
}

/** A value made only from users and schools (a school's user list, say), kept until any of them changes; read-only. */
export function derivedFromPrincipals<T>(key: string, load: () => Promise<T>): Promise<T> {
  return readThrough(principals, `derived:${key}`, load);
}

/** The request path's and the socket's view of who is asking (plugins/principals.ts), from memory. */
export const cachedPrincipals: Principals = {
  findUser: findUserCached,
  isSchoolActive,
  async findSchool(schoolId) {
    return (await School.findById(schoolId, { _id: 1 }).lean())?._id ?? null;
  },
};
