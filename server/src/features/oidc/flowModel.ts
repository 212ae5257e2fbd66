import { Schema, model, type InferSchemaType } from 'mongoose';

/**
 * A sign-in under way at a provider, bound to the browser that began it by its id in that
 * browser's session (service.ts, plugins/pendingState.ts): the state, nonce and PKCE verifier stay here, never in the
 * browser. Taken (deleted) at its callback, so it serves once; after 10 minutes it is refused.
 *
 * 'registration': an identity the provider vouched for that has no account here yet, kept for
 * the registration form it was sent to (30 minutes, taken when the form is sent).
 *
 * FerretDB 1.x has no TTL indexes: reads ignore expired rows and each new flow clears old ones.
 */
const oidcFlowSchema = new Schema({
  _id: { type: String, required: true },
  kind: { type: String, enum: ['signIn', 'registration'], required: true },
  providerId: { type: String, required: true },
  expiresAt: { type: Date, required: true, index: true },
  // signIn
  state: { type: String },
  nonce: { type: String },
  codeVerifier: { type: String },
  redirectUri: { type: String },
  // registration
  issuer: { type: String },
  subject: { type: String },
  email: { type: String },
  name: { type: String },
  idToken: { type: String },
});

export type OidcFlowRecord = InferSchemaType<typeof oidcFlowSchema> & { _id: string };
export const OidcFlow = model('OidcFlow', oidcFlowSchema);
