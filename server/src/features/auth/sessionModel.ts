import { Schema, model } from 'mongoose';

/**
 * A server-side session. Its data is kept as a JSON string so that no key rules of the engine
 * apply to it; userId is a field of its own so all sessions of a user can be ended at once.
 * Expiry is the app's job (FerretDB 1.x has no TTL indexes): reads ignore expired rows and a
 * periodic purge removes them.
 */
const sessionSchema = new Schema({
  _id: { type: String, required: true },
  data: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, default: null, index: true },
  expiresAt: { type: Date, required: true, index: true },
});

export const SessionModel = model('Session', sessionSchema);
