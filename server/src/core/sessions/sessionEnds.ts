import type { Types } from 'mongoose';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import { trusted } from '../../db/trusted';
import type { SignIn, SignInMethod } from '../../plugins/principals';
import type { Realtime } from '../../realtime/realtime';
import { SessionModel } from './sessionModel';
import { endSessionsWhere } from './sessionStore';

/**
 * The sign-ins that gave a second factor: a passkey, or the password or a provider with a code
 * (features/secondFactor), or the password on a device a code made trusted (issue 44).
 */
const WITH_FACTOR: readonly SignInMethod[] = ['passwordAndCode', 'oidcAndCode', 'passkey', 'passwordAndTrustedDevice'];

export function signedInWithFactor(session: SignIn): boolean {
  return session.method !== undefined && WITH_FACTOR.includes(session.method);
}

/**
 * Ends the sessions of these users that were signed in without a second factor (a session from
 * before sign-ins were recorded counts as one without), and tells their live connections why
 * (issue 43: a requirement switched on reaches the sessions already open). Returns how many ended.
 */
export async function endSessionsWithoutFactor(
  realtime: Realtime,
  userIds: Types.ObjectId[],
  reason: ServerSessionEndReason,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await SessionModel.find({ userId: trusted({ $in: userIds }) }, { data: 1 }).lean<Array<{ _id: string; data: string }>>();
  const ended = rows.filter((row) => !signedInWithFactor(JSON.parse(row.data) as SignIn)).map((row) => row._id);
  if (ended.length === 0) return 0;
  await endSessionsWhere({ _id: trusted({ $in: ended }) }, reason);
  for (const sessionId of ended) realtime.endSession(sessionId, reason);
  return ended.length;
}
