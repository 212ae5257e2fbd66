import type { Types } from 'mongoose';
import { dropSchoolDatabase } from '../../db/schoolDatabase';
import type { Realtime } from '../../realtime/realtime';
import { UserModel } from '../accounts/userModel';
import { Cleanups, type Cleanup } from './cleanups';
import { removeUsersData } from './userRemoval';
import { endUsersSessions } from '../sessions/sessionStore';

/** The school being deleted, and its users (still stored: they go last, after everything of theirs). */
export type RemovedSchool = { schoolId: Types.ObjectId; userIds: Types.ObjectId[] };

const schoolCleanups = new Cleanups<RemovedSchool>();

/** A feature's clean-up of its rows that belong to a school (in the shared database: a school's own database goes whole). */
export function onSchoolRemoved(owner: string, cleanup: Cleanup<RemovedSchool>): void {
  schoolCleanups.register(owner, cleanup);
}

export function schoolCleanupCoverage(): Map<string, string> {
  return schoolCleanups.covered();
}

/**
 * Everything of a school, gone, the school document excepted (its caller removes it last, so a
 * deletion cut short is found and finished): its users' live connections (told why first), their
 * data and sessions, its own database, every registered clean-up of the shared database's
 * rows of it, then its users.
 */
export async function removeSchoolData(schoolId: Types.ObjectId, realtime: Realtime): Promise<RemovedSchool> {
  const userIds = (await UserModel.find({ schoolId }, { _id: 1 }).lean()).map((u) => u._id);
  const school = { schoolId, userIds };
  for (const id of userIds) realtime.disconnectUser(id.toHexString(), 'schoolDeleted');
  await endUsersSessions(userIds, 'schoolDeleted');
  await removeUsersData(userIds);
  await dropSchoolDatabase(schoolId);
  await schoolCleanups.runAll(school);
  // Users last: until they go, a retry still finds whose data to remove.
  await UserModel.deleteMany({ schoolId });
  return school;
}
