import type { Types } from 'mongoose';
import { ADMIN_ROLE, type Role } from '#protocol/roles';
import { PUSH_ROLES, PUSH_TEXTS, pushKindsOf, type PushSubscriptionBody, type PushSubscriptionState } from '#protocol/push';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import { unlessDuplicate } from '../../db/duplicateKey';
import { trusted } from '../../db/trusted';
import { conflict } from '../../httpError';
import { PushSubscriptionModel } from './model';

/** The user a subscription is kept for: who turned it on, on which device (the device cookie's id). */
export type Subscriber = { _id: Types.ObjectId; role: string; schoolId?: Types.ObjectId | null; device: string | null };

/** A person's devices with notifications at most; a new one beyond them drops the longest unused. */
export const DEVICES_PER_USER = 5;

/**
 * Keeps this device's subscription for the caller. An endpoint is one device: one that belonged
 * to someone else (another account signed in on the same browser) moves to the caller, with the
 * Admin's choice of cases reset, but only with its keys (the same browser's subscription): knowing
 * a device's endpoint takes nothing over (issue 43). An Admin's `newCases` is kept unless given;
 * other roles have none.
 */
export async function saveSubscription(user: Subscriber, body: PushSubscriptionBody): Promise<PushSubscriptionState> {
  const schoolId = user.schoolId!;
  const save = async () => {
    const existing = await PushSubscriptionModel.findOne(
      { endpoint: body.endpoint },
      { userId: 1, newCases: 1, p256dh: 1, auth: 1 },
    ).lean();
    const sameUser = existing?.userId.equals(user._id) ?? false;
    if (existing && !sameUser && (existing.p256dh !== body.keys.p256dh || existing.auth !== body.keys.auth))
      throw conflict(PUSH_TEXTS.endpointTaken);
    const newCases = user.role === ADMIN_ROLE && (body.newCases ?? (sameUser ? existing!.newCases : false));
    const fields = { p256dh: body.keys.p256dh, auth: body.keys.auth, userId: user._id, schoolId, device: user.device, newCases };
    // Only the subscription as it was read is overwritten: two saves of one endpoint at once, and the second reads again.
    if (existing) {
      const saved = await PushSubscriptionModel.findOneAndUpdate(
        { _id: existing._id, userId: existing.userId },
        { $set: fields },
        { new: true },
      ).lean();
      return saved ? stateOf(saved.endpoint, user.role, saved.newCases) : null;
    }
    return unlessDuplicate(
      async () => {
        const made = await PushSubscriptionModel.create({ endpoint: body.endpoint, ...fields });
        return stateOf(made.endpoint, user.role, made.newCases);
      },
      () => null,
    );
  };
  const saved = (await save()) ?? (await save());
  if (!saved) throw new Error('push subscription: changed by others twice while it was saved');
  await keepNewestDevices(user._id);
  return saved;
}

async function keepNewestDevices(userId: Types.ObjectId): Promise<void> {
  const beyond = await PushSubscriptionModel.find({ userId }, { _id: 1 }).sort({ updatedAt: -1, _id: -1 }).skip(DEVICES_PER_USER).lean();
  if (beyond.length > 0) await PushSubscriptionModel.deleteMany({ _id: trusted({ $in: beyond.map((s) => s._id) }) });
}

function stateOf(endpoint: string, role: string, newCases: boolean): PushSubscriptionState {
  return { endpoint, newCases, kinds: pushKindsOf(role as Role, newCases) };
}

/** Turned off on this device: only the caller's own subscription is removed. */
export async function removeSubscription(userId: Types.ObjectId, endpoint: string): Promise<void> {
  await PushSubscriptionModel.deleteOne({ endpoint, userId });
}

/** Signing out ends the notifications of the device signed out on. */
export async function removeDeviceSubscriptions(userId: Types.ObjectId, device: string | null): Promise<void> {
  if (device) await PushSubscriptionModel.deleteMany({ userId, device });
}

/** A push service said the device is gone (404, 410). */
export async function removeGoneSubscription(endpoint: string): Promise<void> {
  await PushSubscriptionModel.deleteOne({ endpoint });
}

/**
 * What a change to the user's account does to their devices' notifications: access ended
 * (deactivated, deleted, rejected, moved to another school) removes them all; a new role keeps
 * them if it gets notifications at all, without an Admin's choice of cases if no longer Admin.
 */
export async function subscriptionsAfterAccountChange(
  userId: Types.ObjectId | string,
  reason: ServerSessionEndReason,
  role: string | null,
): Promise<void> {
  if (reason === 'roleChanged' && role && PUSH_ROLES.includes(role as Role)) {
    if (role !== ADMIN_ROLE) await PushSubscriptionModel.updateMany({ userId, newCases: true }, { $set: { newCases: false } });
    return;
  }
  await PushSubscriptionModel.deleteMany({ userId });
}

export async function removeSchoolSubscriptions(schoolId: Types.ObjectId | string): Promise<void> {
  await PushSubscriptionModel.deleteMany({ schoolId });
}
