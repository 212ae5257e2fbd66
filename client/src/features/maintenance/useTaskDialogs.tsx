import { useState } from 'react';
import type { MaintenanceTask } from '#protocol';
import { taskSeen, useArchivedTasksStore, usePendingTasksStore } from './maintenanceStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TaskDetailDialog } from './TaskDetailDialog';
import type { TaskActions } from './useTaskActions';

/**
 * The detail dialog and the delete confirmation of one list. The dialog shows the live task and
 * closes once the task leaves that list (completed, rejected or deleted, here or elsewhere).
 */
export function useTaskDialogs(source: 'pending' | 'archive', actions: TaskActions) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<MaintenanceTask | null>(null);
  const pendingTask = usePendingTasksStore((state) => (openId && source === 'pending' ? state.byId[openId] : undefined));
  const archivedTask = useArchivedTasksStore((state) => (openId && source === 'archive' ? state.byId[openId] : undefined));
  const openTask = pendingTask ?? archivedTask;

  function open(task: MaintenanceTask) {
    taskSeen(task.id);
    setOpenId(task.id);
  }

  const permanent = toDelete !== null && toDelete.status !== 'pending';
  const dialogs = (
    <>
      <TaskDetailDialog task={openTask} onClose={() => setOpenId(null)} actions={actions} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title={permanent ? 'Slett oppgave permanent' : 'Slett oppgave'}
        description={
          permanent
            ? 'Er du sikker på at du vil slette denne oppgaven permanent? Dette kan ikke angres.'
            : 'Er du sikker på at du vil slette denne oppgaven?'
        }
        confirmLabel={permanent ? 'Slett permanent' : 'Slett'}
        onConfirm={() => toDelete && actions.remove(toDelete)}
        testId="delete-task-dialog"
      />
    </>
  );

  return { open, askDelete: setToDelete, dialogs };
}
