import {
  deletedSchema,
  platformSchoolSchema,
  platformSchoolsSchema,
  schoolOptionsSchema,
  type Deleted,
  type PlatformSchool,
  type SchoolOption,
} from '#protocol';
import { getData, request } from '../../api/http';

/** The schools as the Plattformadministrator runs them (with their user counts). */
const BASE = '/api/plattformadministrator/schools';
const schoolPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Active schools for the register dropdown. */
export async function fetchSchoolOptions(): Promise<SchoolOption[]> {
  return (await getData('/api/schools', schoolOptionsSchema)) ?? [];
}

export function fetchPlatformSchools(): Promise<PlatformSchool[] | null> {
  return getData(BASE, platformSchoolsSchema);
}

export function createSchool(name: string): Promise<PlatformSchool> {
  return request('POST', BASE, platformSchoolSchema, { name });
}

export function setSchoolActive(id: string, active: boolean): Promise<PlatformSchool> {
  return request('PUT', schoolPath(id), platformSchoolSchema, { active });
}

/** How long the school keeps sick lists, in months. */
export function setHealthDataRetention(id: string, months: number): Promise<PlatformSchool> {
  return request('PUT', `${schoolPath(id)}/retention`, platformSchoolSchema, { months });
}

/** Deletes the school and all its data. */
export function deleteSchool(id: string): Promise<Deleted> {
  return request('DELETE', schoolPath(id), deletedSchema);
}
