import type { EditRegisterStudentBody, NewRegisterStudent, RegisterStudentRecord } from '#protocol';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { followClasses } from './followClasses';
import { addStudent, editStudent, fetchRegister, markLeft, takeBack } from './registerApi';

/**
 * The school's register as the office keeps it (/admin/elever), those who have left too. The scope
 * is '' for an Admin and the chosen school's id for the Plattformadministrator.
 */
export const useRegisterStore = createCollectionStore<RegisterStudentRecord>({
  fetch: (scope) => fetchRegister(scope || null),
  belongs: (student, scope) => scope === '' || student.schoolId === scope,
});

export const registerEvents: EventHandlers<'registerStudents.saved' | 'registerEntries.imported' | 'classes.updated' | 'classes.deleted'> =
  {
    ...followClasses(useRegisterStore),
    'registerStudents.saved': (student) => useRegisterStore.getState().put(student),
    // A file imported changed many at once: the list is read again, if it is on screen.
    'registerEntries.imported': () => {
      if (useRegisterStore.getState().loaded) void useRegisterStore.getState().reload();
    },
  };
registerEventHandlers(registerEvents);

const put = (student: RegisterStudentRecord) => useRegisterStore.getState().put(student);

/** The office's changes; the answer goes into the list at once, and the event that follows carries the same. */
export const registerActions = {
  add: async (body: NewRegisterStudent, schoolId: string | null) => put(await addStudent(body, schoolId)),
  edit: async (id: string, body: EditRegisterStudentBody, schoolId: string | null) => put(await editStudent(id, body, schoolId)),
  leave: async (id: string, leftAt: string, schoolId: string | null) => put(await markLeft(id, leftAt, schoolId)),
  takeBack: async (id: string, schoolId: string | null) => put(await takeBack(id, schoolId)),
};
