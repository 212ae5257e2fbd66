import { deletedSchema, readPaths, userSchema, usersSchema, type Deleted, type Role, type User } from '#protocol';
import { getData, request, withSchool } from '../../api/http';

/**
 * The users screen (spec §2.5): an Admin's own school, or the school the Plattformadministrator
 * chose. Every call names the school (the user's own); the server refuses any other.
 */

const userPath = (user: User, action = '') => withSchool(`/api/admin/users/${encodeURIComponent(user.id)}${action}`, user.schoolId);

/** Every user of the school, any status, sorted by name. */
export function fetchSchoolUsers(schoolId: string): Promise<User[] | null> {
  return getData(readPaths.schoolUsers(schoolId), usersSchema);
}

export function approveUser(user: User): Promise<User> {
  return request('POST', userPath(user, '/approve'), userSchema);
}

/** Deletes the registration, so the e-mail can register again. */
export function rejectUser(user: User): Promise<Deleted> {
  return request('POST', userPath(user, '/reject'), deletedSchema);
}

export function deactivateUser(user: User): Promise<User> {
  return request('POST', userPath(user, '/deactivate'), userSchema);
}

/** 'Aktiver bruker': the school's Admin undoes a deactivation (issue 45). */
export function reactivateUser(user: User): Promise<User> {
  return request('POST', userPath(user, '/reactivate'), userSchema);
}

export function changeUserRole(user: User, role: Role): Promise<User> {
  return request('PUT', userPath(user, '/role'), userSchema, { role });
}

export function deleteUser(user: User): Promise<Deleted> {
  return request('DELETE', userPath(user), deletedSchema);
}

/** Removes the user's link to an OpenID provider ('Fjern kobling til Feide'). */
export function unlinkIdentity(user: User, providerId: string): Promise<User> {
  return request('DELETE', userPath(user, `/identities/${encodeURIComponent(providerId)}`), userSchema);
}
