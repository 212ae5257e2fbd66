import type { SessionStore } from '@fastify/session';
import mongoose, { type Types } from 'mongoose';
import { SessionModel } from './sessionModel';
import { trusted } from '../../db/trusted';
import { cachedSession, forgetSession, rememberSession, sessionsGeneration } from './sessionCache';

type Callback = (err?: unknown) => void;
export type StoredSession = Parameters<SessionStore['set']>[1] & {
  userId?: string;
  signedInAt?: number;
  cookie: { expires?: Date | string | null };
};

/** A rolling session is re-saved on every request; within this window an unchanged one is not rewritten. */
const TOUCH_INTERVAL_MS = 60_000;
const REMEMBERED_SESSIONS = 5_000;

type SessionRow = { _id: string; data: string; expiresAt: Date };

/**
 * A session's row by its id. The filter is the bare _id on purpose: FerretDB's SQLite backend
 * answers only that from its index and scans the collection for anything more. Sent as the one
 * find command that findOne sends, without findOne's cursor: in a burst of socket handshakes each
 * cursor (its state, client session and options) outlived two young-generation collections while
 * it waited for the database, and 2,000 handshakes left 22 MB of them dead in the old space, most
 * of what an idle socket cost beyond a bare Socket.IO server's (issue 30). The id is a string from a
 * signed cookie, and the row is read as stored.
 */
async function findSessionRow(sessionId: string): Promise<SessionRow | undefined> {
  const db = SessionModel.db.db;
  // As mongoose answers with its commands off before a connection: the error handler makes it a 503.
  if (!db) throw new mongoose.Error('Connection is not connected');
  const reply = (await db.command({
    find: SessionModel.collection.collectionName,
    filter: { _id: sessionId },
    projection: { data: 1, expiresAt: 1 },
    limit: 1,
    singleBatch: true,
  })) as { cursor: { firstBatch: SessionRow[] } };
  return reply.cursor.firstBatch[0];
}

/** Reads a live session by its id. */
export async function loadSession(sessionId: string, now = new Date()): Promise<{ data: StoredSession; expiresAt: Date } | null> {
  const row = await findSessionRow(sessionId);
  if (!row || row.expiresAt <= now) return null;
  return { data: JSON.parse(row.data) as StoredSession, expiresAt: row.expiresAt };
}

/**
 * A live session read as requests read theirs: from memory while nothing has ended it
 * (sessionCache.ts, which never decides that a session expired), otherwise from the database and
 * then kept. The live connection's checks read it this way: three reads per handshake straight
 * from the database made each handshake's garbage several times a bare Socket.IO server's (issue 30).
 */
export async function loadSessionRemembered(sessionId: string, now = new Date()): Promise<{ data: StoredSession; expiresAt: Date } | null> {
  const hit = cachedSession(sessionId, now.getTime());
  if (hit) return { data: JSON.parse(hit.json) as StoredSession, expiresAt: new Date(hit.expiresAt) };
  const generation = sessionsGeneration();
  const found = await loadSession(sessionId, now);
  if (found) rememberSession(sessionId, { json: JSON.stringify(found.data), expiresAt: found.expiresAt.getTime() }, generation);
  return found;
}

/** @fastify/session store backed by the Session collection. */
export class MongoSessionStore implements SessionStore {
  /** What this instance last read or wrote per session, to skip rewriting an unchanged one. */
  private readonly known = new Map<string, { json: string; expiresAt: number }>();

  constructor(private readonly idleMs: number) {}

  set(sessionId: string, session: StoredSession, callback: Callback): void {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.idleMs);
    const json = JSON.stringify({ ...session, cookie: undefined });
    const known = this.known.get(sessionId);
    if (known && known.json === json && expires.getTime() - known.expiresAt < TOUCH_INTERVAL_MS) return callback();
    // A signed-in session is only ever updated, never re-created: a request that was in flight
    // during logout must not bring the destroyed session back with its rolling save.
    SessionModel.updateOne(
      { _id: sessionId },
      { $set: { data: JSON.stringify(session), userId: session.userId ?? null, expiresAt: expires } },
      { upsert: !session.userId },
    ).then(() => {
      forgetSession(sessionId);
      this.remember(sessionId, json, expires.getTime());
      callback();
    }, callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: StoredSession | null) => void): void {
    // From memory while nothing has ended it (sessionCache.ts); each request gets its own copy.
    const hit = cachedSession(sessionId);
    if (hit) return callback(null, JSON.parse(hit.json) as StoredSession);
    const generation = sessionsGeneration();
    loadSession(sessionId).then(
      (found) => {
        if (found) {
          rememberSession(sessionId, { json: JSON.stringify(found.data), expiresAt: found.expiresAt.getTime() }, generation);
          this.remember(sessionId, JSON.stringify({ ...found.data, cookie: undefined }), found.expiresAt.getTime());
        } else this.known.delete(sessionId);
        callback(null, found?.data ?? null);
      },
      (err: unknown) => callback(err),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    this.known.delete(sessionId);
    SessionModel.deleteOne({ _id: sessionId }).then(() => callback(), callback);
  }

  private remember(sessionId: string, json: string, expiresAt: number): void {
    this.known.delete(sessionId);
    this.known.set(sessionId, { json, expiresAt });
    if (this.known.size > REMEMBERED_SESSIONS) this.known.delete(this.known.keys().next().value!);
  }
}

export async function destroyUserSessions(userId: Types.ObjectId | string): Promise<void> {
  await SessionModel.deleteMany({ userId });
}

export async function purgeExpiredSessions(now = new Date()): Promise<number> {
  const result = await SessionModel.deleteMany({ expiresAt: trusted({ $lte: now }) });
  return result.deletedCount;
}
