import {
  deletedSchema,
  platformSchoolSchema,
  platformSchoolsSchema,
  userSchema,
  usersSchema,
  type CreateUserBody,
  type Deleted,
  type PlatformSchool,
  type Role,
  type User,
} from '#protocol';
import { getData, request } from './http';

/** The platform pages (Plattformadministrator only). */

const BASE = '/api/plattformadministrator';
const schoolPath = (id: string) => `${BASE}/schools/${encodeURIComponent(id)}`;
const userPath = (id: string, action = '') => `${BASE}/users/${encodeURIComponent(id)}${action}`;

export function fetchPlatformSchools(): Promise<PlatformSchool[] | null> {
  return getData(`${BASE}/schools`, platformSchoolsSchema);
}

/** Every user of every school. */
export function fetchPlatformUsers(): Promise<User[] | null> {
  return getData(`${BASE}/users`, usersSchema);
}

export function createSchool(name: string): Promise<PlatformSchool> {
  return request('POST', `${BASE}/schools`, platformSchoolSchema, { name });
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

/** The new user starts approved. */
export function createPlatformUser(body: CreateUserBody): Promise<User> {
  return request('POST', `${BASE}/users`, userSchema, body);
}

export function setPlatformUserRole(id: string, role: Role): Promise<User> {
  return request('PUT', userPath(id, '/role'), userSchema, { role });
}

export function setPlatformUserStatus(id: string, status: 'approved' | 'deactivated'): Promise<User> {
  return request('PUT', userPath(id, '/status'), userSchema, { status });
}

export function transferPlatformUser(id: string, schoolId: string): Promise<User> {
  return request('PUT', userPath(id, '/transfer'), userSchema, { schoolId });
}

export function deletePlatformUser(id: string): Promise<Deleted> {
  return request('DELETE', userPath(id), deletedSchema);
}
