import type { CreateUserBody, Deleted, PlatformSchool, Role, User } from '#protocol';
import {
  createPlatformUser,
  createSchool,
  deletePlatformUser,
  deleteSchool,
  fetchPlatformSchools,
  fetchPlatformUsers,
  setHealthDataRetention,
  setPlatformUserRole,
  setPlatformUserStatus,
  setSchoolActive,
  transferPlatformUser,
} from '../api/platform';
import type { EventHandlers } from '../realtime/eventHandlers';
import { createCollectionStore } from './collection';

/** The platform pages' schools, with their user counts (Plattformadministrator only). */
export const usePlatformSchoolsStore = createCollectionStore<PlatformSchool>({ fetch: () => fetchPlatformSchools() });

/** Every user of every school; the school page shows one school's. */
export const usePlatformUsersStore = createCollectionStore<User>({ fetch: () => fetchPlatformUsers() });

/** Event 'schools.deleted': the school and all its users are gone. */
export function schoolDeleted(id: string): void {
  usePlatformSchoolsStore.getState().remove(id);
  usePlatformUsersStore.getState().removeWhere((user) => user.schoolId === id);
}

export const schoolEvents: EventHandlers<'schools.created' | 'schools.updated' | 'schools.deleted'> = {
  'schools.created': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.updated': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.deleted': ({ id }) => schoolDeleted(id),
};

// The Plattformadministrator's actions. Each calls the server and puts its answer in the lists at
// once; the event that follows carries the same, so every window converges.
const schoolSaved = async (answer: Promise<PlatformSchool>): Promise<void> => usePlatformSchoolsStore.getState().put(await answer);
const userSaved = async (answer: Promise<User>): Promise<void> => usePlatformUsersStore.getState().put(await answer);
const userGone = async (answer: Promise<Deleted>): Promise<void> => usePlatformUsersStore.getState().remove((await answer).id);

export const platformSchoolActions = {
  create: (name: string) => schoolSaved(createSchool(name)),
  setActive: (school: PlatformSchool, active: boolean) => schoolSaved(setSchoolActive(school.id, active)),
  setRetention: (school: PlatformSchool, months: number) => schoolSaved(setHealthDataRetention(school.id, months)),
  remove: async (school: PlatformSchool) => schoolDeleted((await deleteSchool(school.id)).id),
};

export const platformUserActions = {
  create: (body: CreateUserBody) => userSaved(createPlatformUser(body)),
  changeRole: (user: User, role: Role) => userSaved(setPlatformUserRole(user.id, role)),
  setStatus: (user: User, status: 'approved' | 'deactivated') => userSaved(setPlatformUserStatus(user.id, status)),
  transfer: (user: User, schoolId: string) => userSaved(transferPlatformUser(user.id, schoolId)),
  remove: (user: User) => userGone(deletePlatformUser(user.id)),
};
