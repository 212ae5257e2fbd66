import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { cacheArea, changed } from '../../cache/readThrough';
import { afterEveryWrite } from '../../cache/afterEveryWrite';

/**
 * A device's push subscription (the browser's PushSubscription): its endpoint at the browser
 * vendor's push service and the keys its messages are encrypted to. One endpoint, one user: the
 * device belongs to whoever last turned notifications on (or signed in) on it.
 */
const pushSubscriptionSchema = new Schema(
  {
    endpoint: { type: String, required: true, unique: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    /** The user's school when subscribed: only that school's news reach it. */
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true, index: true },
    /** The device cookie's id for this account: signing out on that device ends the subscription. */
    device: { type: String, default: null },
    /** An Admin's choice for this device: new and changed maintenance cases too. */
    newCases: { type: Boolean, default: false },
  },
  { timestamps: appTimestamps },
);

/**
 * Who of each school gets notifications (recipients.ts reads it once per change, not per case):
 * any write to the subscriptions, by any path, empties it here and tells the other instances.
 */
export const pushAudiences = cacheArea('pushAudiences', { ttlMs: 30_000, maxEntries: 2_000, acrossInstances: 'told' });
afterEveryWrite(pushSubscriptionSchema, () => changed(pushAudiences));

export type PushSubscriptionRecord = InferSchemaType<typeof pushSubscriptionSchema> & { _id: Types.ObjectId };
export const PushSubscriptionModel = model('PushSubscription', pushSubscriptionSchema);
