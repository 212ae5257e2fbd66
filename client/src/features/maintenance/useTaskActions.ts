import { useState } from 'react';
import type { MaintenanceTask } from '../../../../protocol/src';
import { errorCode, serverMessage } from '../../api/http';
import { completeMaintenanceTask, deleteMaintenanceTask, rejectMaintenanceTask } from '../../api/maintenance';
import { taskDeleted, taskUpdated, useArchivedTasksStore, usePendingTasksStore } from '../../stores/maintenanceStore';
import { failureToast, toast } from '../../ui/toastStore';

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
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  async function run<T>(task: MaintenanceTask, call: () => Promise<T>, apply: (result: T) => void, success: string, failure: string) {
    if (busy.has(task.id)) return false;
    setBusy((current) => new Set(current).add(task.id));
    try {
      apply(await call());
      toast({ title: success });
      return true;
    } catch (error) {
      failureToast(failure, serverMessage(error, ''));
      // Someone else got there first (409) or deleted it (404): the event should already have told
      // us, but a refetch makes sure this window shows the task as it is now.
      if (errorCode(error) === 'conflict' || errorCode(error) === 'notFound') refreshLoaded();
      return false;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(task.id);
        return next;
      });
    }
  }

  const updated = (task: MaintenanceTask) => taskUpdated(task);
  const deleted = ({ id }: { id: string }) => taskDeleted(id);

  return {
    isBusy: (task: MaintenanceTask) => busy.has(task.id),
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
