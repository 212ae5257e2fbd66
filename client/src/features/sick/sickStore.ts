import { sickSchema, valueForName, type Sick, type SickList } from '#protocol';
import { errorCode } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { requestSchool, scopeDay, scopeSchool } from '../../stores/dayScope';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { createSnapshotStore } from '../../stores/snapshot';
import { addSick, fetchSick, replaceSick, type SickEntry } from './sickApi';

/** The sick list of a 'school|day' scope (the board, /admin/syke-og-bortreist). */
export const useSickStore = createSnapshotStore<Sick>((scope) => fetchSick(scopeDay(scope)!, requestSchool(scope)), {
  keptOnDevice: { name: 'sick', schema: sickSchema },
});

/** A list from a save or an event, unless the store has moved on to another date or school, or past it. */
function showIfCurrent(scope: string, sick: Sick): void {
  const store = useSickStore.getState();
  if (store.scope !== scope) return;
  if (store.data && sick.revision < store.data.revision) return;
  store.receive(sick);
}

/** Adds a student to the sick list of a 'school|day' scope. */
export async function addSickStudent(scope: string, student: SickEntry): Promise<void> {
  showIfCurrent(scope, await addSick(scopeDay(scope)!, student, requestSchool(scope)));
}

/**
 * Takes a student off the list. The list is sent whole with the revision it was read at; if
 * someone changed it meanwhile, the fresh list is fetched and the removal made again on it.
 */
export async function removeSickStudent(scope: string, student: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = useSickStore.getState().data;
    if (!current || !current.names.includes(student)) return;
    const rest = current.names
      .filter((n) => n !== student)
      .map((n): SickEntry => {
        // Each stays linked to the register as it was (issue 46).
        const studentId = current.studentIds ? valueForName(current.studentIds, n) : undefined;
        return { name: n, comment: valueForName(current.studentComments, n) ?? '', ...(studentId ? { studentId } : {}) };
      });
    try {
      return showIfCurrent(scope, await replaceSick(scopeDay(scope)!, rest, current.revision, requestSchool(scope)));
    } catch (error) {
      if (errorCode(error) !== 'conflict' || attempt > 0) throw error;
      await useSickStore.getState().reload();
    }
  }
}

export function sickListUpdated({ schoolId, date, ...sick }: SickList): void {
  const { scope } = useSickStore.getState();
  if (scope === null || scopeDay(scope) !== date || !aboutSchoolOnScreen(schoolId, scopeSchool(scope))) return;
  // A late event must not undo a newer list (a save's own answer may come first).
  showIfCurrent(scope, sick);
}

export const sickEvents: EventHandlers<'sickLists.updated'> = { 'sickLists.updated': sickListUpdated };
registerEventHandlers(sickEvents);
