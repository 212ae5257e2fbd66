import type { Types } from 'mongoose';
import { PLATFORM_ADMIN_ROLE } from '../../../protocol/src/roles';
import { badRequest, forbidden, notFound } from '../httpError';
import { School } from './schools/model';
import type { UserDoc } from './users/model';

const OTHER_SCHOOL = 'Du har ikke tilgang til denne skolen';

/**
 * The school a school-scoped route acts on: a member's own school, always (naming another school
 * with ?schoolId= is refused, not quietly ignored); the Plattformadministrator must name one.
 */
export async function resolveSchoolScope(user: UserDoc, requested: string | undefined): Promise<Types.ObjectId> {
  if (user.role !== PLATFORM_ADMIN_ROLE) {
    if (requested !== undefined && !user.schoolId?.equals(requested)) throw forbidden(OTHER_SCHOOL);
    return user.schoolId!;
  }
  if (!requested) throw badRequest('Velg en skole (schoolId mangler)');
  const school = await School.findById(requested, { _id: 1 }).lean();
  if (!school) throw notFound('Fant ikke skolen');
  return school._id;
}

/** A school named in the path: one's own school only, any existing school for the Plattformadministrator. */
export async function assertSchoolAccess(user: UserDoc, schoolId: string): Promise<Types.ObjectId> {
  if (user.role === PLATFORM_ADMIN_ROLE) return resolveSchoolScope(user, schoolId);
  if (!user.schoolId?.equals(schoolId)) throw forbidden(OTHER_SCHOOL);
  return user.schoolId;
}
