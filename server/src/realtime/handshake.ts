import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import type { Config } from '../config';
import { loadSessionRemembered, type StoredSession } from '../features/auth/sessionStore';
import { findUserCached, isSchoolActiveCached } from '../features/auth/principalCache';
import type { UserDoc } from '../features/users/model';

export class SocketAuthError extends Error {}

/**
 * A signed-in session that has not ended, and when it ends if nothing more happens: its idle
 * expiry or its absolute limit, whichever comes first. Read through the session cache, like a
 * request's: any delete of sessions empties it before its sign-out's disconnect is sent.
 */
export async function liveSession(sessionId: string, config: Config, now = new Date()): Promise<{ data: StoredSession; endsAt: Date } | null> {
  const found = await loadSessionRemembered(sessionId, now);
  const signedInAt = found?.data.signedInAt;
  if (!found?.data.userId || !signedInAt) return null;
  const endsAt = Math.min(found.expiresAt.getTime(), signedInAt + config.sessionAbsoluteMs);
  return endsAt > now.getTime() ? { data: found.data, endsAt: new Date(endsAt) } : null;
}

/** The same rules as the REST access hook: a live session, an existing user, not deactivated. */
export async function authenticateSocket(
  sessionId: string | null,
  config: Config,
): Promise<{ user: UserDoc; sessionId: string }> {
  const session = sessionId ? await liveSession(sessionId, config) : null;
  if (!sessionId || !session) throw new SocketAuthError('Ikke innlogget');
  const user = await findUserCached(session.data.userId!); // liveSession returns only sessions with a user
  if (!user || user.status === 'deactivated') throw new SocketAuthError('Ikke tilgang');
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActiveCached(user.schoolId))) {
    throw new SocketAuthError('Skolen er ikke aktiv');
  }
  return { user, sessionId };
}
