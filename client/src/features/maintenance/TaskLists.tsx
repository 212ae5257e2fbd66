import { useMemo } from 'react';
import {
  byRoomNumber,
  newestActionFirst,
  taskSeen,
  useArchivedTasksStore,
  useNewTasksStore,
  usePendingTasksStore,
} from './maintenanceStore';
import { useLoaded, type LoadState } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { CopiedAt } from '../../ui/CopiedAt';
import { PendingTaskCard, TaskRow } from './TaskCards';
import { useTaskActions } from './useTaskActions';
import { useTaskDialogs } from './useTaskDialogs';

function usePendingTasks(scope: string) {
  const load = useLoaded(usePendingTasksStore, scope);
  const byId = usePendingTasksStore((state) => state.byId);
  const tasks = useMemo(() => Object.values(byId).sort(byRoomNumber), [byId]);
  return { tasks, load };
}

const pendingListState = ({ failed, retry }: LoadState) => (
  <ListState loaded={false} failed={failed} loadingText="Laster saker..." onRetry={retry} />
);

/** The caretaker's view: a card per pending task with Fullfør, Avslå and Slett; new cases highlighted. */
export function CaretakerTaskList({ scope }: { scope: string }) {
  const { tasks, load } = usePendingTasks(scope);
  const newIds = useNewTasksStore((state) => state.ids);
  const actions = useTaskActions();
  const { open, askDelete, askReject, dialogs } = useTaskDialogs('pending', actions, load.loaded);

  return (
    <>
      <CopiedAt at={load.copiedAt} />
      {!load.loaded ? (
        pendingListState(load)
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
                taskSeen(t.id);
                void actions.complete(t);
              }}
              onReject={(t) => {
                taskSeen(t.id);
                askReject(t);
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
  const { tasks, load } = usePendingTasks(scope);
  const actions = useTaskActions();
  const { open, dialogs } = useTaskDialogs('pending', actions, load.loaded);

  return (
    <>
      <CopiedAt at={load.copiedAt} />
      {!load.loaded ? (
        pendingListState(load)
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
  const { loaded, failed, retry } = useLoaded(useArchivedTasksStore, scope);
  const byId = useArchivedTasksStore((state) => state.byId);
  const actions = useTaskActions();
  const { open, dialogs } = useTaskDialogs('archive', actions, loaded);
  const tasks = useMemo(() => Object.values(byId).sort(newestActionFirst), [byId]);

  return (
    <>
      {!loaded ? (
        <ListState loaded={false} failed={failed} loadingText="Laster arkivet..." onRetry={retry} />
      ) : tasks.length === 0 ? (
        <p className="empty">Ingen saker i arkivet</p>
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
  const { loaded } = useLoaded(usePendingTasksStore, scope);
  const count = usePendingTasksStore((state) => Object.keys(state.byId).length);
  return loaded ? count : null;
}
