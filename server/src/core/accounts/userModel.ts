import { Schema, model, type HydratedDocument, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { principals } from '../../cache/areas';
import { changed } from '../../cache/readThrough';
import { afterEveryWrite } from '../../cache/afterEveryWrite';
import { ROLES, USER_STATUSES } from '#protocol/roles';

const userSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Trimmed and lower-cased before it is stored: e-mail is unique regardless of case. */
    email: { type: String, required: true, unique: true },
    /** Null for someone who registered through an OpenID provider and has set no password here (issue 33). */
    passwordHash: { type: String, default: null },
    role: { type: String, enum: ROLES, required: true },
    status: { type: String, enum: USER_STATUSES, required: true },
    /** Null only for Plattformadministrator, who belongs to no school. */
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', default: null, index: true },
    /** Identities at OpenID providers that sign in as this user (features/oidc/identities.ts). */
    identities: {
      type: [
        new Schema(
          {
            issuer: { type: String, required: true },
            subject: { type: String, required: true },
            providerId: { type: String, required: true },
            providerName: { type: String, required: true },
            linkedAt: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    /** `${issuer} ${subject}` of each identity: what sign-in looks an identity up by (the embedded engine matches array elements, not their fields). */
    identityKeys: { type: [String], default: undefined },
    /** How many passkeys sign in as this user, and whether an authenticator app is on: kept here for the Admin's list (users/service.ts `signInMethodsChanged`). */
    passkeyCount: { type: Number, default: 0 },
    authenticatorApp: { type: Boolean, default: false },
  },
  { timestamps: appTimestamps },
);
userSchema.index({ schoolId: 1, status: 1 });
userSchema.index({ identityKeys: 1 }, { sparse: true });

// Every write, by any path, empties the in-memory principal cache (core/sessions/principalCache.ts).
afterEveryWrite(userSchema, () => changed(principals));

export type UserDoc = HydratedDocument<InferSchemaType<typeof userSchema>>;
/** A user as read (lean): what a request knows of who is asking, without a document to hydrate. */
export type UserRecord = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

// The request path knows who is asking by the fields it needs (plugins/principals.ts); the user it
// is given (core/sessions/principalCache.ts) is this whole record, and handlers see all of it.
declare module '../../plugins/principals' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: it adds the record's fields
  interface SignedInUser extends UserRecord {}
}
export const UserModel = model('User', userSchema);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
