import { useEffect, useMemo } from 'react';
import {
  byRoomNumber,
  newestActionFirst,
  useArchivedTasksStore,
  useNewTasksStore,
  usePendingTasksStore,
} from '../../stores/maintenanceStore';
import { ListState } from '../../ui/ListState';
import { PendingTaskCard, TaskRow } from './TaskCards';
import { useTaskActions } from './useTaskActions';
import { useTaskDialogs } from './useTaskDialogs';

function usePendingTasks(scope: string) {
  const byId = usePendingTasksStore((state) => state.byId);
  const loaded = usePendingTasksStore((state) => state.loaded);
  const failed = usePendingTasksStore((state) => state.status === 'error');
  useEffect(() => {
    void usePendingTasksStore.getState().ensure(scope);
  }, [scope]);
  const tasks = useMemo(() => Object.values(byId).sort(byRoomNumber), [byId]);
  return { tasks, loaded, failed };
}

const pendingListState = (failed: boolean) => (
  <ListState loaded={false} failed={failed} loadingText="Laster oppgaver..." onRetry={() => usePendingTasksStore.getState().reload()} />
);

/** The caretaker's view: a card per pending task with Fullfør, Avslå and Slett; new cases highlighted. */
export function CaretakerTaskList({ scope }: { scope: string }) {
  const { tasks, loaded, failed } = usePendingTasks(scope);
  const newIds = useNewTasksStore((state) => state.ids);
  const actions = useTaskActions();
  const { open, askDelete, dialogs } = useTaskDialogs('pending', actions);

  return (
    <>
      {!loaded ? (
        pendingListState(failed)
      ) : tasks.length === 0 ? (
        <p className="empty">Ingen ventende oppgaver</p>
      ) : (
        <ul className="task-list" data-testid="caretaker-tasks">
          {tasks.map((task) => (
            <PendingTaskCard
              key={task.id}
              task={task}
              isNew={newIds.has(task.id)}
              onOpen={open}
              busy={actions.isBusy(task)}
              onComplete={(t) => {
                useNewTasksStore.getState().seen(t.id);
                void actions.complete(t);
              }}
              onReject={(t) => {
                useNewTasksStore.getState().seen(t.id);
                void actions.reject(t);
              }}
              onDelete={askDelete}
            />
          ))}
        </ul>
      )}
      {dialogs}
    </>
  );
}

/** The admin's 'Ventende' tab: compact rows; the detail dialog completes, rejects or deletes. */
export function PendingTaskRows({ scope }: { scope: string }) {
  const { tasks, loaded, failed } = usePendingTasks(scope);
  const actions = useTaskActions();
  const { open, dialogs } = useTaskDialogs('pending', actions);

  return (
    <>
      {!loaded ? (
        pendingListState(failed)
      ) : tasks.length === 0 ? (
        <p className="empty">Ingen ventende oppgaver</p>
      ) : (
        <ul className="task-list task-list-compact" data-testid="pending-tasks">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} onOpen={open} testId="pending-task" />
          ))}
        </ul>
      )}
      {dialogs}
    </>
  );
}

/** Completed and rejected merged, newest action first, coloured by status. */
export function ArchivedTaskList({ scope }: { scope: string }) {
  const byId = useArchivedTasksStore((state) => state.byId);
  const loaded = useArchivedTasksStore((state) => state.loaded);
  const failed = useArchivedTasksStore((state) => state.status === 'error');
  const actions = useTaskActions();
  const { open, dialogs } = useTaskDialogs('archive', actions);

  useEffect(() => {
    void useArchivedTasksStore.getState().ensure(scope);
  }, [scope]);
  const tasks = useMemo(() => Object.values(byId).sort(newestActionFirst), [byId]);

  return (
    <>
      {!loaded ? (
        <ListState loaded={false} failed={failed} loadingText="Laster arkivet..." onRetry={() => useArchivedTasksStore.getState().reload()} />
      ) : tasks.length === 0 ? (
        <p className="empty">Ingen oppgaver i arkivet</p>
      ) : (
        <ul className="task-list" data-testid="archived-tasks">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} onOpen={open} testId="archived-task" />
          ))}
        </ul>
      )}
      {dialogs}
    </>
  );
}

/** How many tasks are pending, live (loads the list if nobody has yet). */
export function usePendingTaskCount(scope: string | null): number | null {
  const count = usePendingTasksStore((state) => (state.loaded && state.scope === scope ? Object.keys(state.byId).length : null));
  useEffect(() => {
    if (scope !== null) void usePendingTasksStore.getState().ensure(scope);
  }, [scope]);
  return count;
}
