import { classesSchema, classSchema, deletedSchema, tripsSchema, type Deleted, type SchoolClass, type Trip } from '#protocol';
import { getData, request, withSchool } from '../../api/http';

/**
 * School-scoped admin calls. An Admin always works on their own school and sends no school; the
 * Plattformadministrator names one (schoolId), which becomes ?schoolId=.
 */
export function fetchClasses(schoolId: string | null): Promise<SchoolClass[] | null> {
  return getData(withSchool('/api/admin/classes', schoolId), classesSchema);
}

export function createClass(className: string, schoolId: string | null): Promise<SchoolClass> {
  return request('POST', withSchool('/api/admin/classes', schoolId), classSchema, { className });
}

/** A new name (issue 45), checked by the server as a new class's is. */
export function renameClass(id: string, className: string, schoolId: string | null): Promise<SchoolClass> {
  return request('PUT', withSchool(`/api/admin/classes/${encodeURIComponent(id)}`, schoolId), classSchema, { className });
}

/** The school's trips, asked when a class is about to be deleted: the question names those it is on. */
export function fetchTripsOfSchool(schoolId: string | null): Promise<Trip[] | null> {
  return getData(withSchool('/api/away/all', schoolId), tripsSchema);
}

export function deleteClass(id: string, schoolId: string | null): Promise<Deleted> {
  return request('DELETE', withSchool(`/api/admin/classes/${encodeURIComponent(id)}`, schoolId), deletedSchema);
}
