import type { Types } from 'mongoose';
import { pushKindsOf, type PushKind } from '#protocol/push';
import type { Role } from '#protocol/roles';
import { principals } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';
import { trusted } from '../../db/trusted';
import { UserModel } from '../../core/accounts/userModel';
import { pushAudiences, PushSubscriptionModel } from './model';
import type { PushTarget } from './sender';

export type Recipient = { target: PushTarget; userId: string; role: Role };
type Device = Recipient & { newCases: boolean };

/**
 * The devices of a school that get a kind of notification: each subscription's user as they are
 * (still approved, still of this school, a role that gets the kind), never those who caused it.
 * `only` narrows to one user (a case's sender).
 */
export async function recipientsOf(schoolId: string, kind: PushKind, options: { except: string[]; only?: string }): Promise<Recipient[]> {
  const devices = await devicesOf(schoolId);
  return devices
    .filter(
      (d) =>
        (!options.only || d.userId === options.only) &&
        !options.except.includes(d.userId) &&
        pushKindsOf(d.role, d.newCases).includes(kind),
    )
    .map(({ target, userId, role }) => ({ target, userId, role }));
}

/** Read once per change of the subscriptions or of any user (a deactivation is forgotten everywhere before its caller goes on). */
function devicesOf(schoolId: string): Promise<readonly Device[]> {
  return readThrough(pushAudiences, schoolId, () => readDevices(schoolId), { alsoFrom: [principals] });
}

async function readDevices(schoolId: string): Promise<Device[]> {
  const subscriptions = await PushSubscriptionModel.find({ schoolId }, { endpoint: 1, p256dh: 1, auth: 1, userId: 1, newCases: 1 }).lean();
  if (subscriptions.length === 0) return [];
  const userIds = [...new Set(subscriptions.map((s) => s.userId.toHexString()))];
  const users = await UserModel.find({ _id: trusted({ $in: userIds }), schoolId, status: 'approved' }, { role: 1 }).lean<
    Array<{ _id: Types.ObjectId; role: Role }>
  >();
  const roleOf = new Map(users.map((user) => [user._id.toHexString(), user.role]));
  return subscriptions.flatMap((s) => {
    const userId = s.userId.toHexString();
    const role = roleOf.get(userId);
    return role ? [{ target: { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, userId, role, newCases: s.newCases }] : [];
  });
}
