import { Schema, model } from 'mongoose';

/**
 * A link for a new password (issue 33): one per user at most, so a new link voids the one before
 * it in the same write. Only the token's sha256 is kept: a copy of the database opens no account.
 * Used, it is deleted; expired, it no longer matches (expiresAt on the app's clock) and is purged
 * when the next link is made (FerretDB 1.x has no TTL indexes).
 */
const passwordResetSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true, unique: true },
  tokenHash: { type: String, required: true, unique: true },
  expiresAt: { type: Date, required: true, index: true },
  /** 'admin': made by an Admin to hand over; 'mail': sent from 'Glemt passord?'. */
  via: { type: String, enum: ['admin', 'mail'], required: true },
  createdAt: { type: Date, required: true },
});

export const PasswordResetModel = model('PasswordReset', passwordResetSchema);
