import { awaySchema, type Away, type AwayClasses, type Trip } from '#protocol';
import { addAwayClasses, addAwayStudent, fetchAway, fetchAwayClasses, removeAwayClass, removeAwayStudent } from './awayApi';
import { requestSchool, scopeDay } from '../../stores/dayScope';
import { createSnapshotStore } from '../../stores/snapshot';
import type { DateRange } from './DateRangeFields';

/** Who is away on the day of a 'school|day' scope: students and classes on trips (the board, the office). */
export const useAwayStore = createSnapshotStore<Away>((scope) => fetchAway(scopeDay(scope)!, requestSchool(scope)), {
  keptOnDevice: { name: 'away', schema: awaySchema },
});

/** The classes on a trip on a day (the admin's 'Linjer på tur'), by the same 'school|day' scope. */
export const useAwayClassesStore = createSnapshotStore<AwayClasses>((scope) => fetchAwayClasses(scopeDay(scope)!, requestSchool(scope)));

// Each change reaches the lists by the trips.saved event too; they are asked again at once as
// well, for a slow or missing socket.

/** Adds a student to the trip of these dates (and name); answers with that trip. */
export async function addStudentAway(
  range: DateRange,
  name: string,
  schoolId: string | null,
  tripName = '',
  studentId: string | null = null,
): Promise<Trip> {
  const trip = await addAwayStudent(range, name, schoolId, tripName, studentId);
  void useAwayStore.getState().reload();
  return trip;
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
