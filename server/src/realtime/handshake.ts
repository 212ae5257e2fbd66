import { PLATFORM_ADMIN_ROLE } from '../../../protocol/src/roles';
import type { Config } from '../config';
import { SessionModel } from '../features/auth/sessionModel';
import { School } from '../features/schools/model';
import { UserModel, type UserDoc } from '../features/users/model';

export class SocketAuthError extends Error {}

type StoredSession = { userId?: string; signedInAt?: number };

/** The same rules as the REST access hook: a live session, an existing user, not deactivated. */
export async function authenticateSocket(
  sessionId: string | null,
  config: Config,
): Promise<{ user: UserDoc; sessionId: string }> {
  if (!sessionId) throw new SocketAuthError('Ikke innlogget');
  const row = await SessionModel.findOne({ _id: sessionId, expiresAt: { $gt: new Date() } }).lean();
  const data = row ? (JSON.parse(row.data) as StoredSession) : null;
  if (!data?.userId || !data.signedInAt || Date.now() - data.signedInAt > config.sessionAbsoluteMs) {
    throw new SocketAuthError('Ikke innlogget');
  }
  const user = await UserModel.findById(data.userId);
  if (!user || user.status === 'deactivated') throw new SocketAuthError('Ikke tilgang');
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await School.exists({ _id: user.schoolId, active: true }))) {
    throw new SocketAuthError('Skolen er ikke aktiv');
  }
  return { user, sessionId };
}
