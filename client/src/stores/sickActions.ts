import { valueForName, type Sick, type SickStudent } from '#protocol';
import { errorCode } from '../api/http';
import { addSick, replaceSick } from '../api/sick';
import { scopeDay, scopeSchool, useSickStore } from './boardStores';

/** A save's answer, unless the list has moved on to another date or school, or past it, meanwhile. */
function showIfCurrent(scope: string, sick: Sick): void {
  const store = useSickStore.getState();
  if (store.scope !== scope) return;
  if (store.data && sick.revision < store.data.revision) return;
  store.receive(sick);
}

const schoolOf = (scope: string) => scopeSchool(scope) || null;

/** Adds a student to the sick list of a 'school|day' scope. */
export async function addSickStudent(scope: string, student: SickStudent): Promise<void> {
  showIfCurrent(scope, await addSick(scopeDay(scope)!, student, schoolOf(scope)));
}

/**
 * Takes a student off the list. The list is sent whole with the revision it was read at; if
 * someone changed it meanwhile, the fresh list is fetched and the removal made again on it.
 */
export async function removeSickStudent(scope: string, student: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = useSickStore.getState().data;
    if (!current || !current.names.includes(student)) return;
    const rest = current.names.filter((n) => n !== student).map((n) => ({ name: n, comment: valueForName(current.studentComments, n) ?? '' }));
    try {
      return showIfCurrent(scope, await replaceSick(scopeDay(scope)!, rest, current.revision, schoolOf(scope)));
    } catch (error) {
      if (errorCode(error) !== 'conflict' || attempt > 0) throw error;
      await useSickStore.getState().reload();
    }
  }
}
