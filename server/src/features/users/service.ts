import type { Types } from 'mongoose';
import type { User } from '#protocol/auth';
import type { ServerEventName } from '#protocol/events';
import type { Realtime } from '../../realtime/realtime';
import { eventRooms, rooms } from '../../realtime/rooms';
import { derivedFromPrincipals } from '../../core/sessions/principalCache';
import { School } from '../../core/accounts/schoolModel';
import { emitSchoolCounts } from '../schools/service';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { presentUser } from '../../core/accounts/presentUser';
import { compareNames } from '#protocol/collation';

export async function presentWithSchool(user: UserRecord): Promise<User> {
  const schoolId = user.schoolId;
  // In memory until any user or school changes (core/sessions/principalCache.ts): /me asks on every page load.
  const schoolName = schoolId
    ? await derivedFromPrincipals(
        `schoolName:${schoolId.toHexString()}`,
        async () => (await School.findById(schoolId, { name: 1 }).lean())?.name ?? null,
      )
    : null;
  return presentUser(user, schoolName);
}

/** Users of one school (all, or with one status), sorted by name as Norwegians sort. */
export async function listSchoolUsers(schoolId: Types.ObjectId | string, status?: string): Promise<User[]> {
  // Users share one collection, which the embedded engine reads whole for this filter: the list is
  // kept in memory until any user or school changes (core/sessions/principalCache.ts).
  const all = await derivedFromPrincipals(`schoolUsers:${String(schoolId)}`, async () => {
    const [school, users] = await Promise.all([School.findById(schoolId, { name: 1 }).lean(), UserModel.find({ schoolId })]);
    return sortByName(users.map((u) => presentUser(u, school?.name ?? null)));
  });
  return status ? all.filter((user) => user.status === status) : all;
}

export function sortByName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => compareNames(a.name, b.name));
}

type UserEvent = Extract<ServerEventName, 'users.registered' | 'users.created' | 'users.updated'>;

/**
 * A new or changed user reaches the admins of every school it belongs (or belonged) to, the
 * platform room and the user themselves; the platform's counts of those schools follow.
 */
export async function emitUserChange(realtime: Realtime, event: UserEvent, user: User, alsoSchoolIds: string[] = []): Promise<void> {
  const schoolIds = unique([user.schoolId, ...alsoSchoolIds]);
  realtime.emit([rooms.user(user.id), ...eventRooms(event, ...schoolIds)], event, user);
  await Promise.all(schoolIds.map((id) => emitSchoolCounts(realtime, id)));
}

export async function emitUserDeleted(realtime: Realtime, userId: string, schoolId: string | null): Promise<void> {
  const schoolIds = unique([schoolId]);
  realtime.emit([rooms.user(userId), ...eventRooms('users.deleted', ...schoolIds)], 'users.deleted', { id: userId });
  await Promise.all(schoolIds.map((id) => emitSchoolCounts(realtime, id)));
}

function unique(ids: Array<string | null>): string[] {
  return [...new Set(ids.filter((id): id is string => !!id))];
}

/**
 * A user's own sign-in methods changed (a passkey added or removed, the authenticator app on or
 * off): kept on the user for the Admin's list, which follows live.
 */
export async function signInMethodsChanged(
  realtime: Realtime,
  userId: Types.ObjectId,
  set: { passkeyCount: number } | { authenticatorApp: boolean },
): Promise<void> {
  const user = await UserModel.findOneAndUpdate({ _id: userId }, { $set: set }, { new: true }).lean<UserRecord>();
  if (user) await emitUserChange(realtime, 'users.updated', await presentWithSchool(user));
}
