import { Schema, model } from 'mongoose';
import { sessions } from '../../cache/areas';
import { afterEveryWrite, type Write } from '../../cache/afterEveryWrite';
import { changed } from '../../cache/readThrough';

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
  // What 'Innlogginger' on Min konto shows (issue 43): set at sign-in, lastUsedAt moved on by the store's touch.
  device: { type: String, default: null },
  ip: { type: String, default: null },
  signedInAt: { type: Date, default: null },
  lastUsedAt: { type: Date, default: null },
});

/**
 * Any write of sessions, whatever the code path (sign-out, a user's or a school's sessions ended,
 * the purge), empties the session caches here and on every other instance before its caller
 * goes on (the sessions area of the one cache, cache/areas.ts). Two writes are named exceptions:
 * - updateOne is the store's own (sessionStore.ts): its save forgets the one entry it wrote, and
 *   its touch only moves a live row's expiry on, which memory reads again once the old one passes;
 * - a delete that found nothing changed nothing memory could hold: each sign-in's regenerate
 *   deletes the id of a visitor's session that was never stored, and must not empty every
 *   instance's memory.
 */
afterEveryWrite(sessionSchema, (_db, write) => (deletedNothing(write) ? undefined : changed(sessions)), ['updateOne']);

function deletedNothing({ operation, result }: Write): boolean {
  return (operation === 'deleteOne' || operation === 'deleteMany') && (result as { deletedCount?: number } | null)?.deletedCount === 0;
}

export const SessionModel = model('Session', sessionSchema);
