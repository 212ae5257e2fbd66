import { classesSchema, classSchema, deletedSchema, type Deleted, type SchoolClass } from '#protocol';
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

export function deleteClass(id: string, schoolId: string | null): Promise<Deleted> {
  return request('DELETE', withSchool(`/api/admin/classes/${encodeURIComponent(id)}`, schoolId), deletedSchema);
}
