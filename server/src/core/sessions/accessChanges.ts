import type { Types } from 'mongoose';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import type { Realtime } from '../../realtime/realtime';
import { endUsersSessions } from './sessionStore';

/** A change to what a user may do, as the features that keep something per user hear it. */
export interface AccessChange {
  userId: Types.ObjectId | string;
  reason: ServerSessionEndReason;
  /** The role the user has after the change, if they still exist. */
  roleNow: string | null;
}

const followers = new Map<string, (change: AccessChange) => Promise<void>>();

/**
 * A feature that keeps something per user that must follow a change of access (push: the
 * devices' notifications) registers it here, where it is wired; one per owner.
 */
export function onAccessChanged(owner: string, follow: (change: AccessChange) => Promise<void>): void {
  followers.set(owner, follow);
}

/**
 * Closes a user's live connections (their rooms were chosen for the old role or school), telling
 * them why, and, when they lose access altogether, ends their sessions too; then every feature
 * registered follows the change.
 */
export async function endUserAccess(
  realtime: Realtime,
  userId: Types.ObjectId | string,
  endSessions: boolean,
  reason: ServerSessionEndReason,
  roleNow: string | null = null,
): Promise<void> {
  // The reason goes out before the sessions end: a screen that asked the server in between would
  // otherwise hear only 'not signed in' and say that instead of why.
  realtime.disconnectUser(userId.toString(), reason);
  if (endSessions) await endUsersSessions([userId], reason);
  for (const follow of followers.values()) await follow({ userId, reason, roleNow });
}
