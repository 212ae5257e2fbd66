import type { Away, AwayClasses, Sick, TaskButton, TaskRounds } from '#protocol';
import { fetchTaskRounds } from '../api/reports';
import { fetchAway, fetchAwayClasses } from '../api/away';
import { fetchSick } from '../api/sick';
import { fetchTaskButtons } from '../api/taskButtons';
import { createCollectionStore } from './collection';
import { createSnapshotStore } from './snapshot';

/**
 * The supervisors' board. Scopes: the task buttons by school id (it is in their path); the rest by
 * the school query ('' for a member of the school, the chosen school for the Plattformadministrator),
 * and the sick and away lists also by day: 'school|day'.
 */
export const useTaskButtonsStore = createCollectionStore<TaskButton>({
  fetch: (schoolId) => fetchTaskButtons(schoolId),
});

export const useTaskRoundsStore = createSnapshotStore<TaskRounds>((school) => fetchTaskRounds(school || null));

export function dayScope(school: string, day: string): string {
  return `${school}|${day}`;
}

function splitDayScope(scope: string): { school: string | null; day: string } {
  const [school = '', day = ''] = scope.split('|');
  return { school: school || null, day };
}

export const useSickStore = createSnapshotStore<Sick>((scope) => {
  const { school, day } = splitDayScope(scope);
  return fetchSick(day, school);
});

export const useAwayStore = createSnapshotStore<Away>((scope) => {
  const { school, day } = splitDayScope(scope);
  return fetchAway(day, school);
});

/** The classes on a trip on a day (the admin's 'Linjer på tur'), by the same 'school|day' scope. */
export const useAwayClassesStore = createSnapshotStore<AwayClasses>((scope) => {
  const { school, day } = splitDayScope(scope);
  return fetchAwayClasses(day, school);
});

/** The school of a 'school|day' scope: '' for a member of the school, else the chosen school's id. */
export function scopeSchool(scope: string): string {
  return splitDayScope(scope).school ?? '';
}

/** The day a 'school|day' scope is about. */
export function scopeDay(scope: string | null): string | null {
  return scope === null ? null : splitDayScope(scope).day;
}
