import type { Config } from '../config';
import { appNow } from '../appClock';
import { checkSignIn, idleTooLong, type Principals, type SignedInUser } from '../plugins/principals';
import type { AppSessionStore, StoredSession } from '../plugins/session';

export class SocketAuthError extends Error {}

/**
 * A signed-in session that has not ended, and when it ends if nothing more happens: its idle
 * expiry, its absolute limit or the person's idle limit, whichever comes first, all on the app's
 * clock as the request path counts them. Read through the one cache, like a request's: any delete
 * of sessions empties it before its sign-out's disconnect is sent.
 */
export async function liveSession(
  sessions: AppSessionStore,
  sessionId: string,
  config: Config,
  now = appNow(),
): Promise<{ data: StoredSession; endsAt: Date } | null> {
  const found = await sessions.load(sessionId, now);
  const signedInAt = found?.data.signedInAt;
  if (!found?.data.userId || !signedInAt) return null;
  if (idleTooLong(found.data, config, now.getTime())) return null;
  const activityEndsAt = found.data.lastActivityAt! + config.sessionActivityLimitMs + 1;
  const endsAt = Math.min(found.expiresAt.getTime(), signedInAt + config.sessionAbsoluteMs, activityEndsAt);
  return endsAt > now.getTime() ? { data: found.data, endsAt: new Date(endsAt) } : null;
}

/**
 * Why a session liveSession no longer finds has ended: the person's idle limit (the row itself
 * lives on far longer), or its expiry or absolute limit. Issue 44: the screen then says the same
 * 'Du ble logget ut etter 2 minutter uten aktivitet.' whichever clock ran out first.
 */
export async function whyEnded(sessions: AppSessionStore, sessionId: string, config: Config, now = appNow()): Promise<'idle' | 'expired'> {
  const found = await sessions.load(sessionId, now);
  return found?.data.userId && idleTooLong(found.data, config, now.getTime()) ? 'idle' : 'expired';
}

/** The REST routes' sign-in check (plugins/principals.ts) on a live session; a deactivated user is refused too. */
export async function authenticateSocket(
  sessionId: string | null,
  deps: { sessions: AppSessionStore; principals: Principals },
  config: Config,
): Promise<{ user: SignedInUser; sessionId: string }> {
  const session = sessionId ? await liveSession(deps.sessions, sessionId, config) : null;
  if (!sessionId || !session) throw new SocketAuthError('Ikke innlogget');
  const outcome = await checkSignIn(session.data, deps.principals, config, appNow().getTime());
  if ('refused' in outcome) throw new SocketAuthError(outcome.refused === 'schoolInactive' ? 'Skolen er ikke aktiv' : 'Ikke innlogget');
  if (outcome.user.status === 'deactivated') throw new SocketAuthError('Ikke tilgang');
  return { user: outcome.user, sessionId };
}
