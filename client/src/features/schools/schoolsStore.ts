import type { PlatformSchool } from '#protocol';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { createSchool, deleteSchool, fetchPlatformSchools, setHealthDataRetention, setSchoolActive } from './schoolsApi';

/** The schools with their user counts (Plattformadministrator only): the platform pages and the school picker. */
export const usePlatformSchoolsStore = createCollectionStore<PlatformSchool>({ fetch: () => fetchPlatformSchools() });

export const schoolEvents: EventHandlers<'schools.created' | 'schools.updated' | 'schools.deleted'> = {
  'schools.created': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.updated': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.deleted': ({ id }) => usePlatformSchoolsStore.getState().remove(id),
};
registerEventHandlers(schoolEvents);

// The Plattformadministrator's actions on a school. Each calls the server and puts its answer in
// the list at once; the event that follows carries the same, so every window converges.
const schoolSaved = async (answer: Promise<PlatformSchool>): Promise<void> => usePlatformSchoolsStore.getState().put(await answer);

export const platformSchoolActions = {
  create: (name: string) => schoolSaved(createSchool(name)),
  setActive: (school: PlatformSchool, active: boolean) => schoolSaved(setSchoolActive(school.id, active)),
  setRetention: (school: PlatformSchool, months: number) => schoolSaved(setHealthDataRetention(school.id, months)),
  remove: async (school: PlatformSchool) => usePlatformSchoolsStore.getState().remove((await deleteSchool(school.id)).id),
};
