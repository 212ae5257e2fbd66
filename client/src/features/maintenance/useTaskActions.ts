import type { MaintenanceTask } from '#protocol';
import { taskActions } from './maintenanceStore';
import { useItemActions } from '../../ui/useItemActions';

/**
 * Complete, reject (with an optional reason), reopen and delete with the toasts of spec §8 'Maintenance'. A failure shows the
 * server's message (e.g. the 409 'Saken er allerede fullført') below the title.
 */
export function useTaskActions() {
  const { isBusy, run: runOn } = useItemActions();
  const run = (task: MaintenanceTask, action: () => Promise<void>, success: string, failure: string) =>
    runOn(task.id, action, { success, failure });

  return {
    isBusy: (task: MaintenanceTask) => isBusy(task.id),
    complete: (task: MaintenanceTask) =>
      run(task, () => taskActions.complete(task), 'Oppgave fullført og lagt i arkiv', 'Kunne ikke fullføre oppgave'),
    reject: (task: MaintenanceTask, reason: string) =>
      run(task, () => taskActions.reject(task, reason), 'Oppgave avslått og flyttet til arkiv', 'Kunne ikke avslå oppgave'),
    reopen: (task: MaintenanceTask) =>
      run(task, () => taskActions.reopen(task), 'Saken er gjenåpnet og ligger blant de ventende', 'Kunne ikke gjenåpne saken'),
    /** A pending task is 'slettet'; one from the archive 'slettet permanent'. */
    remove: (task: MaintenanceTask) =>
      run(
        task,
        () => taskActions.remove(task),
        task.status === 'pending' ? 'Oppgave slettet' : 'Oppgave slettet permanent',
        'Kunne ikke slette oppgave',
      ),
  };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
