import {
  deletedSchema,
  userSchema,
  usersSchema,
  type Deleted,
  type Role,
  type User,
} from '../../../protocol/src';
import { getData, request } from './http';

/** School Admin only (spec §6): the Plattformadministrator manages users on the platform pages. */

const userPath = (id: string, action = '') => `/api/admin/users/${encodeURIComponent(id)}${action}`;

/** Every user of the admin's school, any status, sorted by name. */
export function fetchSchoolUsers(): Promise<User[] | null> {
  return getData('/api/admin/users', usersSchema);
}

export function approveUser(id: string): Promise<User> {
  return request('POST', userPath(id, '/approve'), userSchema);
}

/** Deletes the registration, so the e-mail can register again. */
export function rejectUser(id: string): Promise<Deleted> {
  return request('POST', userPath(id, '/reject'), deletedSchema);
}

export function deactivateUser(id: string): Promise<User> {
  return request('POST', userPath(id, '/deactivate'), userSchema);
}

export function changeUserRole(id: string, role: Role): Promise<User> {
  return request('PUT', userPath(id, '/role'), userSchema, { role });
}

export function deleteUser(id: string): Promise<Deleted> {
  return request('DELETE', userPath(id), deletedSchema);
}
