import { Schema, model } from 'mongoose';

/**
 * Why a session was ended by something other than its own device (a school switched off, the
 * account deactivated, the password changed elsewhere …), kept for a while after its row is gone.
 * A screen that was off line, or between two connections, when it happened asks the server later
 * and would otherwise hear only 'not signed in': with this it is told why. The id is the ended
 * session's, which signs nobody in any more; rows expire with the purge of sessions.
 */
const sessionEndSchema = new Schema({
  _id: { type: String, required: true },
  reason: { type: String, required: true },
  expiresAt: { type: Date, required: true, index: true },
});

export const SessionEndModel = model('SessionEnd', sessionEndSchema);
