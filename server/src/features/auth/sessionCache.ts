/**
 * Live sessions in memory, so that a request does not read its session from the database each
 * time. A session's data never changes after sign-in (only its expiry moves), so what must never
 * happen is that an ended session is served from here. The rules that keep that:
 * - Every delete of sessions, through any code path (hooks on the Session model), empties this
 *   cache after the delete, and the deleting request waits until every other instance has said,
 *   through Redis, that it emptied its own (sessionsEnded).
 * - An instance whose link to Redis is down trusts nothing held here until the link is back: it
 *   cannot hear the others' deletes meanwhile (setSessionsTrusted).
 * - A read that was under way while sessions were deleted is not kept (the generation).
 * - This cache never decides that a session expired: past its expiry, or after MAX_AGE_MS, the
 *   session is read again (another instance may have moved the expiry on). MAX_AGE_MS also bounds
 *   how long a lost message could matter.
 */
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 20_000;

/** A session row as stored: its JSON data and when it expires (ms since the epoch). */
export type CachedSession = { json: string; expiresAt: number };
type Entry = CachedSession & { readAt: number };

const sessions = new Map<string, Entry>();
const publishers = new Set<() => Promise<void>>();
let generation = 0;
let trusted = true;

export function sessionsGeneration(): number {
  return generation;
}

/** A session held here that may be served without asking the database, or undefined. */
export function cachedSession(sessionId: string, now = Date.now()): CachedSession | undefined {
  if (!trusted) return undefined;
  const entry = sessions.get(sessionId);
  if (!entry) return undefined;
  if (entry.expiresAt <= now || now - entry.readAt >= MAX_AGE_MS) {
    sessions.delete(sessionId);
    return undefined;
  }
  return entry;
}

/** Keeps a session just read from the database, unless sessions were deleted since the read began. */
export function rememberSession(sessionId: string, session: CachedSession, generationAtRead: number, now = Date.now()): void {
  if (!trusted || generationAtRead !== generation) return;
  if (sessions.size >= MAX_ENTRIES) sessions.delete(sessions.keys().next().value!);
  sessions.set(sessionId, { ...session, readAt: now });
}

/** This instance wrote the session: the next request reads it again. */
export function forgetSession(sessionId: string): void {
  sessions.delete(sessionId);
}

/** Sessions were deleted here: forgotten here at once, then on every other instance, which is waited for. */
export async function sessionsEnded(): Promise<void> {
  forgetAll();
  await Promise.all([...publishers].map((publish) => publish()));
}

/** Another instance deleted sessions (through Redis). */
export function sessionsEndedElsewhere(): void {
  forgetAll();
}

/** How this instance tells the others and waits for them (behind Redis); returns its removal. */
export function addSessionsPublisher(publish: () => Promise<void>): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}

/** Whether this instance hears the others' deletes (its Redis link is up); either way, what is held is dropped. */
export function setSessionsTrusted(value: boolean): void {
  trusted = value;
  forgetAll();
}

function forgetAll(): void {
  generation++;
  sessions.clear();
}
