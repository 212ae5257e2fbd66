import type { Types } from 'mongoose';
import { School } from './model';

/**
 * Looks for a document in each school's database in turn: for the Plattformadministrator, who acts
 * on a report or case by its id without naming the school. A bare-_id read per school.
 */
export async function findInAnySchool<T>(lookup: (schoolId: Types.ObjectId) => Promise<T | null>): Promise<T | null> {
  const schools = await School.find({}, { _id: 1 }).lean();
  for (const school of schools) {
    const found = await lookup(school._id);
    if (found) return found;
  }
  return null;
}
