import type { Types } from 'mongoose';
import { trusted } from '../../db/trusted';
import { SessionModel } from '../sessions/sessionModel';
import { Cleanups, type Cleanup } from './cleanups';

/** The users removed: one, or every user of a school that is being deleted. */
export type RemovedUsers = { userIds: Types.ObjectId[] };

const userCleanups = new Cleanups<RemovedUsers>();

/** A feature's clean-up of its rows of removed users (a passkey, a push subscription, …). */
export function onUsersRemoved(owner: string, cleanup: Cleanup<RemovedUsers>): void {
  userCleanups.register(owner, cleanup);
}

/** Everything of these users kept beside the user document, gone: the one call that forgets them. */
export async function removeUsersData(userIds: Types.ObjectId[]): Promise<void> {
  if (userIds.length > 0) await userCleanups.runAll({ userIds });
}

export function userCleanupCoverage(): Map<string, string> {
  return userCleanups.covered();
}

/** The rows of these users: the filter every clean-up of a user-owned model uses. */
export function ofUsers({ userIds }: RemovedUsers): { userId: unknown } {
  return { userId: trusted({ $in: userIds }) };
}

// Core's own: a removed user's sessions end (their live connections are closed by the caller).
onUsersRemoved('core/sessions', {
  models: ['Session'],
  remove: async (users) => void (await SessionModel.deleteMany(ofUsers(users))),
});
