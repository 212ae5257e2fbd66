import { maintenanceTasksSchema, readPaths, type MaintenanceTask } from '#protocol';
import { getData } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { toast } from '../../ui/toastStore';
import { roomLabel } from './taskLabels';

/**
 * 'Mine saker': the cases the signed-in Tilsynsvakt sent, with their outcome, live. The server
 * sends their changes to the sender alone ('ownCases.*'), so the list holds nobody else's.
 */
export const useOwnCasesStore = createCollectionStore<MaintenanceTask>({
  fetch: () => getData(readPaths.ownCases(), maintenanceTasksSchema),
});

/** The newest first. */
export function newestSentFirst(a: MaintenanceTask, b: MaintenanceTask): number {
  return b.createdAt.localeCompare(a.createdAt);
}

/** What the sender is told when the caretaker acts on their case, wherever they are in the app. */
export function outcomeNotice(task: MaintenanceTask): { title: string; description?: string } | null {
  const last = task.history.at(-1);
  if (!last) return null;
  const place = roomLabel(task);
  if (last.action === 'completed') return { title: `Saken din er fullført: ${place}`, description: `Fullført av ${last.byName}.` };
  if (last.action === 'rejected') {
    const why = last.reason ? ` Begrunnelse: ${last.reason}` : '';
    return { title: `Saken din er avslått: ${place}`, description: `Avslått av ${last.byName}.${why}` };
  }
  if (last.action === 'reopened') return { title: `Saken din er gjenåpnet: ${place}`, description: `Gjenåpnet av ${last.byName}.` };
  return null;
}

export const ownCasesEvents: EventHandlers<'ownCases.saved' | 'ownCases.deleted'> = {
  'ownCases.saved': (task) => {
    useOwnCasesStore.getState().put(task);
    // Each such event is a change: a case sent (said by the dialog already) or acted on (said here).
    const notice = outcomeNotice(task);
    if (notice) toast(notice);
  },
  'ownCases.deleted': ({ id }) => {
    const known = useOwnCasesStore.getState().byId[id];
    useOwnCasesStore.getState().remove(id);
    if (known) toast({ title: `Saken din er slettet: ${roomLabel(known)}` });
  },
};
registerEventHandlers(ownCasesEvents);
