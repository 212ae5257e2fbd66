import type { SessionStore } from '@fastify/session';
import type { Types } from 'mongoose';
import { SessionModel } from './sessionModel';

type Callback = (err?: unknown) => void;
type StoredSession = Parameters<SessionStore['set']>[1] & {
  userId?: string;
  cookie: { expires?: Date | string | null };
};

/** @fastify/session store backed by the Session collection. */
export class MongoSessionStore implements SessionStore {
  constructor(private readonly idleMs: number) {}

  set(sessionId: string, session: StoredSession, callback: Callback): void {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.idleMs);
    // A signed-in session is only ever updated, never re-created: a request that was in flight
    // during logout must not bring the destroyed session back with its rolling save.
    SessionModel.updateOne(
      { _id: sessionId },
      { $set: { data: JSON.stringify(session), userId: session.userId ?? null, expiresAt: expires } },
      { upsert: !session.userId },
    ).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: StoredSession | null) => void): void {
    SessionModel.findOne({ _id: sessionId, expiresAt: { $gt: new Date() } })
      .lean()
      .then(
        (row) => callback(null, row ? (JSON.parse(row.data) as StoredSession) : null),
        (err: unknown) => callback(err),
      );
  }

  destroy(sessionId: string, callback: Callback): void {
    SessionModel.deleteOne({ _id: sessionId }).then(() => callback(), callback);
  }
}

export async function destroyUserSessions(userId: Types.ObjectId | string): Promise<void> {
  await SessionModel.deleteMany({ userId });
}

export async function purgeExpiredSessions(now = new Date()): Promise<number> {
  const result = await SessionModel.deleteMany({ expiresAt: { $lte: now } });
  return result.deletedCount;
}
