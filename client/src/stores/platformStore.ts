import type { PlatformSchool, User } from '#protocol';
import { fetchPlatformSchools, fetchPlatformUsers } from '../api/platform';
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
