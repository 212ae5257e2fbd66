import type { Session } from 'fastify';
import type { AppSessionStore, StoredSession } from '../../plugins/session';
import { pendingLifetimeMs } from '../../plugins/pendingState';
import mongoose, { type Types } from 'mongoose';
import { SessionModel } from './sessionModel';
import { SessionEndModel } from './sessionEndModel';
import { SESSION_END_REASONS, type ServerSessionEndReason } from '#protocol/sessionEnd';
import { trusted } from '../../db/trusted';
import { sessions } from '../../cache/areas';
import { forget, readThrough } from '../../cache/readThrough';
import { appNow } from '../../appClock';

/** How often a request moves a session's idle expiry on, at most (a quarter of the idle limit for short test limits). */
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHED_SESSIONS = 20_000;

type SessionRow = { _id: string; data: string; expiresAt: Date };
type Callback = (err?: unknown) => void;

/** What is stored of a session: its data, without @fastify/session's cookie (the row keeps the expiry). */
function storedJson(session: StoredSession): string {
  return JSON.stringify(session, function (this: unknown, key: string, value: unknown) {
    return this === session && key === 'cookie' ? undefined : value;
  });
}

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

/** A session's row as memory keeps it: its data as stored (JSON) and when it expires. */
async function loadSessionRow(sessionId: string): Promise<{ json: string; expiresAt: number } | null> {
  const row = await findSessionRow(sessionId);
  return row ? { json: row.data, expiresAt: row.expiresAt.getTime() } : null;
}

/**
 * @fastify/session's store (plugins/session.ts), backed by the Session collection. The idle limit is
 * kept here, not in the cookie: a session's row expires `idleMs` after it was last used (`touch`,
 * at most once per interval), and the cookie lives until the absolute limit, so an ordinary request
 * neither rewrites its session nor sends a cookie back. `get` is served from memory (`load`).
 */
export class MongoSessionStore implements AppSessionStore {
  /** When this instance last moved each session's expiry on. */
  private readonly touchedAt = new Map<string, number>();
  private readonly touchIntervalMs: number;

  constructor(private readonly idleMs: number) {
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, idleMs / 4);
  }

  get(sessionId: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.load(sessionId).then(
      (found) => callback(null, (found?.data as Session | undefined) ?? null),
      (err: unknown) => callback(err),
    );
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    this.save(sessionId, session).then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.remove(sessionId).then(() => callback(), callback);
  }

  /**
   * Writes a session's data. A visitor's session lasts as long as what it keeps before sign-in
   * does (a provider's sign-in may take longer than the idle limit).
   */
  async save(sessionId: string, session: StoredSession): Promise<void> {
    const now = appNow().getTime();
    const lifetime = session.userId ? this.idleMs : Math.max(this.idleMs, pendingLifetimeMs(session.pending, now));
    const expiresAt = new Date(now + lifetime);
    // A signed-in session is only ever updated, never re-created: a request that was in flight
    // during logout must not bring the destroyed session back with its save.
    // The sign-in's device, address and time are columns of their own too, for 'Innlogginger' (Min konto).
    const shown =
      session.userId && session.client
        ? {
            device: session.client.device,
            ip: session.client.ip,
            signedInAt: session.signedInAt ? new Date(session.signedInAt) : null,
            lastUsedAt: new Date(now),
          }
        : {};
    await SessionModel.updateOne(
      { _id: sessionId },
      { $set: { data: storedJson(session), userId: session.userId ?? null, expiresAt, ...shown } },
      { upsert: !session.userId },
    );
    forget(sessions, sessionId);
    this.touchedAt.set(sessionId, now);
  }

  /**
   * The session was used: its idle expiry moves on, at most once per interval. Only a live row is
   * moved (an ended or expired session stays ended), and a failure costs only this move.
   */
  async touch(sessionId: string, now = appNow().getTime()): Promise<void> {
    const last = this.touchedAt.get(sessionId);
    if (last !== undefined && now - last < this.touchIntervalMs) return;
    this.touchedAt.delete(sessionId);
    this.touchedAt.set(sessionId, now);
    if (this.touchedAt.size > TOUCHED_SESSIONS) this.touchedAt.delete(this.touchedAt.keys().next().value!);
    // What memory holds of it stays: it is read again once its old expiry passes (cache/areas.ts).
    await SessionModel.updateOne(
      { _id: sessionId, expiresAt: trusted({ $gt: new Date(now) }) },
      { $set: { expiresAt: new Date(now + this.idleMs), lastUsedAt: new Date(now) } },
    );
  }

  /**
   * A live session, from memory while nothing has ended it (cache/areas.ts; each caller gets its
   * own copy of the data). Requests and the live connection's checks read it so: any delete of
   * sessions empties memory before its sign-out's disconnect is sent.
   */
  async load(sessionId: string, now = appNow()): Promise<{ data: StoredSession; expiresAt: Date } | null> {
    // Only a live row is kept, and served only until its expiry on the app's clock (another
    // instance may move it on); the cache's own ttl is a measurement on the wall clock.
    const row = await readThrough(sessions, sessionId, () => loadSessionRow(sessionId), {
      keep: (found) => found !== null && found.expiresAt > appNow().getTime(),
      servable: (found) => found!.expiresAt > appNow().getTime(),
    });
    if (!row || row.expiresAt <= now.getTime()) return null;
    return { data: JSON.parse(row.json) as StoredSession, expiresAt: new Date(row.expiresAt) };
  }

  purgeExpired(): Promise<number> {
    return purgeExpiredSessions();
  }

  whyEnded(sessionId: string): Promise<ServerSessionEndReason | null> {
    return whySessionEnded(sessionId);
  }

  async remove(sessionId: string): Promise<void> {
    this.touchedAt.delete(sessionId);
    await SessionModel.deleteOne({ _id: sessionId });
  }
}

/** How long why a session ended is kept: longer than its cookie lives at the default absolute limit (12 h). */
const END_REMEMBERED_MS = 24 * 3_600_000;

/**
 * Ends the sessions the filter finds, remembering why for a device that asks later (sessionEndModel.ts).
 * The reasons are written before the rows go, so a request in between finds one or the other.
 */
export async function endSessionsWhere(filter: Record<string, unknown>, reason: ServerSessionEndReason): Promise<string[]> {
  const ended = (await SessionModel.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>()).map((row) => row._id);
  if (ended.length === 0) return ended;
  const expiresAt = new Date(appNow().getTime() + END_REMEMBERED_MS);
  await SessionEndModel.bulkWrite(
    ended.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { reason, expiresAt } }, upsert: true } })),
    { ordered: false },
  );
  // By the filter again: a session begun meanwhile ends as well (without a reason kept).
  await SessionModel.deleteMany(filter);
  return ended;
}

/** Ends every session of these users, remembering why. */
export function endUsersSessions(userIds: Array<Types.ObjectId | string>, reason: ServerSessionEndReason): Promise<string[]> {
  return endSessionsWhere({ userId: trusted({ $in: userIds }) }, reason);
}

/** Why this session was ended by the server, if it was, lately. */
export async function whySessionEnded(sessionId: string, now = appNow()): Promise<ServerSessionEndReason | null> {
  const row = await SessionEndModel.findOne({ _id: sessionId, expiresAt: trusted({ $gt: now }) }, { reason: 1 }).lean<{ reason: string }>();
  const reason = row?.reason as ServerSessionEndReason | undefined;
  return reason && SESSION_END_REASONS.includes(reason) ? reason : null;
}

export async function purgeExpiredSessions(now = appNow()): Promise<number> {
  await SessionEndModel.deleteMany({ expiresAt: trusted({ $lte: now }) });
  const result = await SessionModel.deleteMany({ expiresAt: trusted({ $lte: now }) });
  return result.deletedCount;
}
