import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * A passkey (WebAuthn credential; issue 33), in the platform's database beside the user it signs
 * in as: the credential's id (base64url, what the browser names it by), its public key (COSE,
 * base64url), the signature counter, the transports the browser reported, the name its owner
 * gave it, and when it was made and last used. No secret is kept: the private key never leaves
 * the device.
 */
const passkeySchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true, index: true },
  credentialId: { type: String, required: true, unique: true },
  publicKey: { type: String, required: true },
  counter: { type: Number, required: true, default: 0 },
  transports: { type: [String], default: undefined },
  name: { type: String, required: true },
  createdAt: { type: Date, required: true },
  lastUsedAt: { type: Date, default: null },
});

export type PasskeyRecord = InferSchemaType<typeof passkeySchema> & { _id: Types.ObjectId };
export const PasskeyModel = model('Passkey', passkeySchema);

/**
 * A challenge under way, bound to the browser that asked for it by its id in that browser's
 * session (challenges.ts, plugins/pendingState.ts): 'register' for a signed-in user adding a passkey (their id kept
 * with it), 'signIn' for /login, 'reauth' for a signed-in user proving who they are (their id kept too). Taken (deleted) when answered, so it serves once; after five
 * minutes it is refused. FerretDB 1.x has no TTL indexes: each new challenge clears expired ones.
 */
const passkeyChallengeSchema = new Schema({
  _id: { type: String, required: true },
  kind: { type: String, enum: ['register', 'signIn', 'reauth'], required: true },
  challenge: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, default: null },
  rpId: { type: String, required: true },
  origin: { type: String, required: true },
  expiresAt: { type: Date, required: true, index: true },
});

export type PasskeyChallengeRecord = InferSchemaType<typeof passkeyChallengeSchema> & { _id: string };
export const PasskeyChallenge = model('PasskeyChallenge', passkeyChallengeSchema);
