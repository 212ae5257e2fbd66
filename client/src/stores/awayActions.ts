import { addAwayClasses, addAwayStudent, removeAwayClass, removeAwayStudent } from '../api/away';
import { useAwayClassesStore, useAwayStore } from './boardStores';

type DateRange = { fromDate: string; toDate: string };

// Each change reaches the lists by the trips.saved event too; they are asked again at once as
// well, for a slow or missing socket.

export async function addStudentAway(range: DateRange, name: string, schoolId: string | null): Promise<void> {
  await addAwayStudent(range, name, schoolId);
  void useAwayStore.getState().reload();
}

/** Takes a student off every running trip. */
export async function removeStudentAway(name: string, schoolId: string | null): Promise<void> {
  await removeAwayStudent(name, schoolId);
  void useAwayStore.getState().reload();
}

export async function addClassesAway(range: DateRange, classIds: string[], schoolId: string | null): Promise<void> {
  await addAwayClasses(range, classIds, schoolId);
  void useAwayClassesStore.getState().reload();
}

/** Takes a class off its trips; resolves once the list shows it. */
export async function removeClassAway(classId: string, schoolId: string | null): Promise<void> {
  await removeAwayClass(classId, schoolId);
  await useAwayClassesStore.getState().reload();
}
