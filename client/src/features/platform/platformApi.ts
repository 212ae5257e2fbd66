import { deletedSchema, userSchema, usersSchema, type CreateUserBody, type Deleted, type Role, type User } from '#protocol';
import { getData, request } from '../../api/http';

/** The platform pages' users (Plattformadministrator only); the schools are in features/schools. */

const BASE = '/api/plattformadministrator';
const userPath = (id: string, action = '') => `${BASE}/users/${encodeURIComponent(id)}${action}`;

/** Every user of every school. */
export function fetchPlatformUsers(): Promise<User[] | null> {
  return getData(`${BASE}/users`, usersSchema);
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
