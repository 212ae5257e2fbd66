import type { Types } from 'mongoose';
import type { User } from '../../../../protocol/src/auth';
import { conflict, forbidden, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { rooms } from '../../realtime/rooms';
import { destroyUserSessions } from '../auth/sessionStore';
import { School } from '../schools/model';
import { UserModel, type UserDoc } from './model';
import { presentUser } from './present';

export async function presentWithSchool(user: UserDoc): Promise<User> {
  const school = user.schoolId ? await School.findById(user.schoolId, { name: 1 }).lean() : null;
  return presentUser(user, school?.name ?? null);
}

/** Users of one school awaiting approval, oldest first. */
export async function listPendingUsers(schoolId: Types.ObjectId): Promise<User[]> {
  const [school, users] = await Promise.all([
    School.findById(schoolId, { name: 1 }).lean(),
    UserModel.find({ schoolId, status: 'pending' }).sort({ createdAt: 1 }),
  ]);
  return users.map((u) => presentUser(u, school?.name ?? null));
}

/**
 * An Admin deactivates an approved user of their own school (never themselves): the user's
 * sessions end and their live connections close at once.
 */
export async function deactivateUser(actor: UserDoc, targetId: string, realtime: Realtime): Promise<User> {
  const target = await findManagedUser(actor, targetId);
  if (target.status !== 'approved') throw conflict('Bare aktive brukere kan deaktiveres');
  target.status = 'deactivated';
  await target.save();
  await destroyUserSessions(target._id);
  const userId = target._id.toHexString();
  realtime.disconnectUser(userId);
  const presented = await presentWithSchool(target);
  emitUserUpdated(realtime, presented);
  return presented;
}

/** A user an Admin may act on: same school, not themselves. Other schools' users do not exist for them. */
async function findManagedUser(actor: UserDoc, targetId: string): Promise<UserDoc> {
  const target = await UserModel.findOne({ _id: targetId, schoolId: actor.schoolId });
  if (!target) throw notFound('Fant ikke brukeren');
  if (target._id.equals(actor._id)) throw forbidden('Du kan ikke endre din egen konto');
  return target;
}

/** A changed user reaches the school's admins, the platform room and the user themselves. */
export function emitUserUpdated(realtime: Realtime, user: User): void {
  const targets = [rooms.user(user.id), rooms.platform];
  if (user.schoolId) targets.push(rooms.schoolAdmins(user.schoolId));
  realtime.emit(targets, 'users.updated', user);
}
