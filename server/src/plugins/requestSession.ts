import { randomBytes } from 'node:crypto';
import type { SignIn } from './principals';

/** A stored session's data: what it holds of its sign-in. */
export type StoredSession = SignIn;

/** Where sessions live (features/auth/sessionStore.ts gives it; app.ts passes it). */
export interface AppSessionStore {
  /** A live session, or null (ended, expired or never there). */
  load(sessionId: string, now?: Date): Promise<{ data: StoredSession; expiresAt: Date } | null>;
  /** Writes a session's data; a signed-in session is only ever updated, never made again. */
  save(sessionId: string, data: StoredSession): Promise<void>;
  destroy(sessionId: string): Promise<void>;
  /** The session was used: its idle expiry moves on (at most once per interval). */
  touch(sessionId: string): Promise<void>;
  purgeExpired(): Promise<number>;
}

/** A new session id: 24 random bytes, base64url (32 characters, as @fastify/session made them). */
const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * The session of one request: the sign-in it holds, what the request changed of it, and whether
 * it ended. Read when the request comes in; written, with its cookie, as the answer goes out
 * (plugins/session.ts).
 */
export class RequestSession {
  private data: StoredSession;
  private id: string | null;
  /** The request changed what the session holds: it is written and its cookie sent. */
  changed = false;
  /** The request ended it: its cookie is cleared. */
  ended = false;

  constructor(
    private readonly store: AppSessionStore,
    id: string | null,
    data: StoredSession | null,
  ) {
    this.id = data ? id : null;
    this.data = data ?? {};
  }

  /** The session's id; a request without a session gets one only when it signs in (regenerate). */
  get sessionId(): string {
    if (!this.id) throw new Error('The request has no session');
    return this.id;
  }

  get hasId(): boolean {
    return this.id !== null;
  }

  get userId(): string | undefined {
    return this.data.userId;
  }

  set userId(value: string | undefined) {
    this.data = { ...this.data, userId: value };
    this.changed = true;
  }

  get signedInAt(): number | undefined {
    return this.data.signedInAt;
  }

  set signedInAt(value: number | undefined) {
    this.data = { ...this.data, signedInAt: value };
    this.changed = true;
  }

  get oidc(): StoredSession['oidc'] {
    return this.data.oidc;
  }

  set oidc(value: StoredSession['oidc']) {
    this.data = { ...this.data, oidc: value };
    this.changed = true;
  }

  /** What is stored. */
  toStored(): StoredSession {
    return { ...this.data };
  }

  /**
   * A new session in place of this one (at sign-in: an id a visitor held before can never become a
   * signed-in one). The old is deleted; the new is stored empty now and written as the answer goes.
   */
  async regenerate(): Promise<void> {
    if (this.id) await this.store.destroy(this.id);
    this.id = newSessionId();
    this.data = {};
    this.ended = false;
    await this.store.save(this.id, this.data);
    this.changed = true;
  }

  /** Ends the session: its row is deleted and its cookie cleared. */
  async destroy(): Promise<void> {
    if (this.id) await this.store.destroy(this.id);
    this.data = {};
    this.ended = true;
    this.changed = false;
  }
}
