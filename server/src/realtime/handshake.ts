import { PLATFORM_ADMIN_ROLE } from '../../../protocol/src/roles';
import type { Config } from '../config';
import { loadSession } from '../features/auth/sessionStore';
import { isSchoolActive } from '../features/schools/model';
import { UserModel, type UserDoc } from '../features/users/model';

export class SocketAuthError extends Error {}

/** The same rules as the REST access hook: a live session, an existing user, not deactivated. */
export async function authenticateSocket(
  sessionId: string | null,
  config: Config,
): Promise<{ user: UserDoc; sessionId: string }> {
  if (!sessionId) throw new SocketAuthError('Ikke innlogget');
  const data = (await loadSession(sessionId))?.data;
  if (!data?.userId || !data.signedInAt || Date.now() - data.signedInAt > config.sessionAbsoluteMs) {
    throw new SocketAuthError('Ikke innlogget');
  }
  const user = await UserModel.findById(data.userId);
  if (!user || user.status === 'deactivated') throw new SocketAuthError('Ikke tilgang');
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActive(user.schoolId))) {
    throw new SocketAuthError('Skolen er ikke aktiv');
  }
  return { user, sessionId };
}
