import type { SchoolClass } from '#protocol';
import { createClass, deleteClass, fetchClasses, renameClass } from './classesApi';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';

/**
 * Classes of one school. The scope is '' for an Admin (the server uses their school) and the
 * chosen school's id for the Plattformadministrator, which the calls send as ?schoolId=.
 */
export const useClassesStore = createCollectionStore<SchoolClass>({
  fetch: (scope) => fetchClasses(scope || null),
  // The platform room hears every school's classes: only the school on screen's count.
  belongs: (schoolClass, scope) => scope === '' || schoolClass.schoolId === scope,
});

export const classEvents: EventHandlers<'classes.created' | 'classes.updated' | 'classes.deleted'> = {
  'classes.created': (schoolClass) => useClassesStore.getState().put(schoolClass),
  'classes.updated': (schoolClass) => useClassesStore.getState().put(schoolClass),
  'classes.deleted': ({ id }) => useClassesStore.getState().remove(id),
};
registerEventHandlers(classEvents);

// Adding, renaming and deleting a class ('/admin/klasser'); schoolId is null for an Admin's own school. The
// answer goes into the list at once; the event that follows carries the same.
export const classActions = {
  async create(className: string, schoolId: string | null): Promise<void> {
    useClassesStore.getState().put(await createClass(className, schoolId));
  },
  async rename(schoolClass: SchoolClass, className: string, schoolId: string | null): Promise<void> {
    useClassesStore.getState().put(await renameClass(schoolClass.id, className, schoolId));
  },
  async remove(schoolClass: SchoolClass, schoolId: string | null): Promise<void> {
    useClassesStore.getState().remove((await deleteClass(schoolClass.id, schoolId)).id);
  },
};
