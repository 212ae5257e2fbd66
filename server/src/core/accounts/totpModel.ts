import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * A user's authenticator app (TOTP; issue 33), apart from the user record (which every request
 * reads and caches): the secret (base32; the app and the server must both hold it), a secret
 * being set up until its first code confirms it, the last time step accepted (so no code works
 * twice), and the SHA-256 of each unused recovery code.
 */
const totpSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true, unique: true },
  secret: { type: String, default: null },
  pendingSecret: { type: String, default: null },
  pendingExpiresAt: { type: Date, default: null },
  lastStep: { type: Number, default: -1 },
  recoveryHashes: { type: [String], default: [] },
  enabledAt: { type: Date, default: null },
});

export type TotpRecord = InferSchemaType<typeof totpSchema> & { _id: Types.ObjectId };
export const TotpModel = model('Totp', totpSchema);

/** The identity an OpenID sign-in found the account by e-mail with: linked only once the code is right. */
const pendingLinkSchema = new Schema(
  {
    providerId: { type: String, required: true },
    providerName: { type: String, required: true },
    issuer: { type: String, required: true },
    subject: { type: String, required: true },
    email: { type: String, default: null },
    emailVerified: { type: Boolean, required: true },
    emailAuthority: { type: Boolean, required: true },
    name: { type: String, default: null },
  },
  { _id: false },
);

/** A sign-in through a provider waiting for the code (issue 43): what its session keeps once the code is right. */
const pendingOidcSchema = new Schema(
  {
    providerId: { type: String, required: true },
    idToken: { type: String, default: '' },
    link: { type: pendingLinkSchema, default: null },
  },
  { _id: false },
);

/**
 * A sign-in half done: the password (or a provider, `oidc`) was right, the code is awaited. Bound
 * to the browser by its id in that browser's session (plugins/pendingState.ts); 5 minutes, 5 wrong
 * codes, then gone.
 */
const pendingSignInSchema = new Schema({
  _id: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, required: true },
  attempts: { type: Number, required: true, default: 0 },
  expiresAt: { type: Date, required: true, index: true },
  oidc: { type: pendingOidcSchema, default: null },
});

export type PendingSignInRecord = InferSchemaType<typeof pendingSignInSchema> & { _id: string };
export const PendingSignIn = model('PendingSignIn', pendingSignInSchema);
