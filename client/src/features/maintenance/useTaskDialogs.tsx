import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { MaintenanceTask } from '#protocol';
import { taskSeen, useArchivedTasksStore, usePendingTasksStore } from './maintenanceStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toastStore';
import { CASE_GONE_TEXT, CASE_PARAM, caseLinkStep, withoutCaseParam } from './caseLink';
import { RejectDialog } from './RejectDialog';
import { TaskDetailDialog } from './TaskDetailDialog';
import type { TaskActions } from './useTaskActions';

/**
 * The detail dialog, the reason asked on 'Avslå' and the delete confirmation of one list. The dialog shows the live task and
 * closes once the task leaves that list (completed, rejected or deleted, here or elsewhere).
 * A link to a case (`?sak=<id>`, a notification's) opens its dialog once the list is `loaded`.
 */
export function useTaskDialogs(source: 'pending' | 'archive', actions: TaskActions, loaded: boolean) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<MaintenanceTask | null>(null);
  const [toReject, setToReject] = useState<MaintenanceTask | null>(null);
  const pendingTask = usePendingTasksStore((state) => (openId && source === 'pending' ? state.byId[openId] : undefined));
  const archivedTask = useArchivedTasksStore((state) => (openId && source === 'archive' ? state.byId[openId] : undefined));
  const openTask = pendingTask ?? archivedTask;

  function open(task: MaintenanceTask) {
    taskSeen(task.id);
    setOpenId(task.id);
  }

  useCaseLink(source, loaded, open);

  const permanent = toDelete !== null && toDelete.status !== 'pending';
  const dialogs = (
    <>
      <TaskDetailDialog task={openTask} onClose={() => setOpenId(null)} actions={actions} onDelete={setToDelete} onReject={setToReject} />
      <RejectDialog task={toReject} onClose={() => setToReject(null)} onReject={actions.reject} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title={permanent ? 'Slett sak permanent' : 'Slett sak'}
        description={
          permanent
            ? 'Er du sikker på at du vil slette denne saken permanent? Dette kan ikke angres.'
            : 'Er du sikker på at du vil slette denne saken?'
        }
        confirmLabel={permanent ? 'Slett permanent' : 'Slett'}
        onConfirm={() => toDelete && actions.remove(toDelete)}
        testId="delete-task-dialog"
      />
    </>
  );

  return { open, askDelete: setToDelete, askReject: setToReject, dialogs };
}

/**
 * `?sak=<id>`: the case's dialog opens once the list has loaded, or a toast says the case is gone
 * (deleted, or no longer in this list); then the parameter leaves the address (replace), so a
 * reload or Back does not open it again.
 */
function useCaseLink(source: 'pending' | 'archive', loaded: boolean, open: (task: MaintenanceTask) => void) {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const id = params.get(CASE_PARAM);
  // One answer per visit to an address: StrictMode's second run of the effect does nothing.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (handled.current === key) return;
    const store = source === 'pending' ? usePendingTasksStore : useArchivedTasksStore;
    const step = caseLinkStep(id, loaded, store.getState().byId);
    if (step.kind === 'none' || step.kind === 'wait') return;
    handled.current = key;
    if (step.kind === 'open') open(step.task);
    else toast({ title: CASE_GONE_TEXT });
    setParams((current) => withoutCaseParam(current), { replace: true });
  }, [id, key, loaded, open, setParams, source]);
}
