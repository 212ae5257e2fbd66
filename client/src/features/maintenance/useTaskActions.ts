import type { MaintenanceTask } from '#protocol';
import { errorCode } from '../../api/http';
import { completeMaintenanceTask, deleteMaintenanceTask, rejectMaintenanceTask } from '../../api/maintenance';
import { taskDeleted, taskUpdated, useArchivedTasksStore, usePendingTasksStore } from '../../stores/maintenanceStore';
import { useItemActions } from '../../ui/useItemActions';

function refreshLoaded(): void {
  for (const store of [usePendingTasksStore, useArchivedTasksStore]) {
    if (store.getState().loaded) void store.getState().reload();
  }
}

/**
 * Complete, reject and delete with the toasts of spec §8 'Maintenance'. The response goes into the
 * stores at once; the event that follows carries the same task, so every window converges. A
 * failure shows the server's message (e.g. the 409 'Oppgaven er allerede fullført') below the title.
 */
export function useTaskActions() {
  const { isBusy, run: runOn } = useItemActions();
  const run = <T,>(task: MaintenanceTask, call: () => Promise<T>, apply: (result: T) => void, success: string, failure: string) =>
    runOn(task.id, call, {
      apply,
      success,
      failure,
      // Someone else got there first (409) or deleted it (404): the event should already have told
      // us, but a refetch makes sure this window shows the task as it is now.
      onFailure: (error) => (errorCode(error) === 'conflict' || errorCode(error) === 'notFound') && refreshLoaded(),
    });

  const updated = (task: MaintenanceTask) => taskUpdated(task);
  const deleted = ({ id }: { id: string }) => taskDeleted(id);

  return {
    isBusy: (task: MaintenanceTask) => isBusy(task.id),
    complete: (task: MaintenanceTask) =>
      run(task, () => completeMaintenanceTask(task), updated, 'Oppgave fullført og lagt i arkiv', 'Kunne ikke fullføre oppgave'),
    reject: (task: MaintenanceTask) =>
      run(task, () => rejectMaintenanceTask(task), updated, 'Oppgave avslått og flyttet til arkiv', 'Kunne ikke avslå oppgave'),
    /** A pending task is 'slettet'; one from the archive 'slettet permanent'. */
    remove: (task: MaintenanceTask) =>
      run(
        task,
        () => deleteMaintenanceTask(task),
        deleted,
        task.status === 'pending' ? 'Oppgave slettet' : 'Oppgave slettet permanent',
        'Kunne ikke slette oppgave',
      ),
  };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
