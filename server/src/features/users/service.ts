import type { Types } from 'mongoose';
import type { User } from '../../../../protocol/src/auth';
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
