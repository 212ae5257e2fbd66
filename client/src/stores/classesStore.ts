import { PLATFORM_ADMIN_ROLE, type SchoolClass } from '../../../protocol/src';
import { fetchClasses } from '../api/classes';
import { useAuthStore } from './authStore';
import { createCollectionStore } from './collection';

/**
 * Classes of one school. The scope is '' for an Admin (the server uses their school) and the
 * chosen school's id for the Plattformadministrator, which the calls send as ?schoolId=.
 */
export const useClassesStore = createCollectionStore<SchoolClass>({
  fetch: (scope) => fetchClasses(scope || null),
});

/**
 * Event 'classes.created'. The platform room hears every school's classes and the payload does not
 * say which school, so the Plattformadministrator refetches the school on screen instead.
 */
export function classCreated(schoolClass: SchoolClass): void {
  const store = useClassesStore.getState();
  if (useAuthStore.getState().user?.role !== PLATFORM_ADMIN_ROLE) return store.put(schoolClass);
  if (store.loaded && !store.byId[schoolClass.id]) void store.reload();
}
