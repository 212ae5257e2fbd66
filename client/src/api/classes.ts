import { classesSchema, classSchema, deletedSchema, type Deleted, type SchoolClass } from '../../../protocol/src';
import { getData, request } from './http';

/**
 * School-scoped admin calls. An Admin always works on their own school and sends no school; the
 * Plattformadministrator names one (schoolId), which becomes ?schoolId=.
 */
function scoped(path: string, schoolId: string | null): string {
  return schoolId ? `${path}?schoolId=${encodeURIComponent(schoolId)}` : path;
}

export function fetchClasses(schoolId: string | null): Promise<SchoolClass[] | null> {
  return getData(scoped('/api/admin/classes', schoolId), classesSchema);
}

export function createClass(className: string, schoolId: string | null): Promise<SchoolClass> {
  return request('POST', scoped('/api/admin/classes', schoolId), classSchema, { className });
}

export function deleteClass(id: string, schoolId: string | null): Promise<Deleted> {
  return request('DELETE', scoped(`/api/admin/classes/${encodeURIComponent(id)}`, schoolId), deletedSchema);
}
