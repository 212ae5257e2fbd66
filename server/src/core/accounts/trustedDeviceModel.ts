import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * A device that may skip the authenticator app's code at password sign-in until `expiresAt`
 * (issue 44). `_id` is the public handle Min konto lists it by; the browser's cookie holds that
 * handle and a secret, of which only the SHA-256 is kept here, so a copy of this collection opens
 * nothing.
 */
const trustedDeviceSchema = new Schema({
  _id: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, required: true, index: true },
  secretHash: { type: String, required: true },
  device: { type: String, required: true },
  ip: { type: String, default: '' },
  trustedAt: { type: Date, required: true },
  expiresAt: { type: Date, required: true, index: true },
  lastUsedAt: { type: Date, default: null },
});

export type TrustedDeviceRecord = InferSchemaType<typeof trustedDeviceSchema> & { _id: string };
export const TrustedDeviceModel = model('TrustedDevice', trustedDeviceSchema);

/**
 * Every device this user let skip the code asks for it again: called when the password or a
 * factor (a passkey, the authenticator app) changes, so what someone else set up trusts nothing.
 */
export async function forgetTrustedDevices(userId: Types.ObjectId): Promise<void> {
  await TrustedDeviceModel.deleteMany({ userId });
}
