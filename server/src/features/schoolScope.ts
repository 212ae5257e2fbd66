import type { Types } from 'mongoose';
import { PLATFORM_ADMIN_ROLE } from '../../../protocol/src/roles';
import { badRequest, notFound } from '../httpError';
import { School } from './schools/model';
import type { UserDoc } from './users/model';

/**
 * The school a school-scoped admin route acts on: an Admin's own school, always (a schoolId in
 * the query is ignored); the Plattformadministrator must name one with ?schoolId=.
 */
export async function resolveSchoolScope(user: UserDoc, requested: string | undefined): Promise<Types.ObjectId> {
  if (user.role !== PLATFORM_ADMIN_ROLE) return user.schoolId!;
  if (!requested) throw badRequest('Velg en skole (schoolId mangler)');
  const school = await School.findById(requested, { _id: 1 }).lean();
  if (!school) throw notFound('Fant ikke skolen');
  return school._id;
}
