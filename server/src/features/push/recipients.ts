import type { Types } from 'mongoose';
import { pushKindsOf, type PushKind } from '#protocol/push';
import type { Role } from '#protocol/roles';
import { trusted } from '../../db/trusted';
import { UserModel } from '../users/model';
import { PushSubscriptionModel } from './model';
import type { PushTarget } from './sender';

export type Recipient = { target: PushTarget; userId: string; role: Role };

/**
 * The devices of a school that get a kind of notification: each subscription's user read as they
 * are now (still approved, still of this school, a role that gets the kind), never those who
 * caused it. `only` narrows to one user (a case's sender).
 */
export async function recipientsOf(schoolId: string, kind: PushKind, options: { except: string[]; only?: string }): Promise<Recipient[]> {
  const filter = options.only ? { schoolId, userId: options.only } : { schoolId };
  const subscriptions = await PushSubscriptionModel.find(filter, { endpoint: 1, p256dh: 1, auth: 1, userId: 1, newCases: 1 }).lean();
  const candidates = subscriptions.filter((s) => !options.except.includes(s.userId.toHexString()));
  if (candidates.length === 0) return [];
  const userIds = [...new Set(candidates.map((s) => s.userId.toHexString()))];
  const users = await UserModel.find({ _id: trusted({ $in: userIds }), schoolId, status: 'approved' }, { role: 1 }).lean<Array<{ _id: Types.ObjectId; role: Role }>>();
  const roleOf = new Map(users.map((user) => [user._id.toHexString(), user.role]));
  return candidates.flatMap((s) => {
    const userId = s.userId.toHexString();
    const role = roleOf.get(userId);
    if (!role || !pushKindsOf(role, s.newCases).includes(kind)) return [];
    return [{ target: { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, userId, role }];
  });
}
