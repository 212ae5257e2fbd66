import { create } from 'zustand';
import { compareRoomNumbers, maintenanceTasksSchema, type CreateMaintenanceTaskBody, type MaintenanceTask } from '#protocol';
import { errorCode } from '../../api/http';
import {
  completeMaintenanceTask,
  createMaintenanceTask,
  deleteMaintenanceTask,
  fetchMaintenanceTasks,
  rejectMaintenanceTask,
  reopenMaintenanceTask,
} from './maintenanceApi';
import { isOwnEvent } from '../../api/ownWrites';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { registerStore } from '../../stores/registry';

/**
 * Maintenance tasks of one school, in two lists: the pending ones (the caretaker's page, the admin's
 * tabs) and the archive (completed and rejected). The scope is '' for Admin and Vaktmester (the
 * server uses their school) and the chosen school's id for the Plattformadministrator.
 * A task that is completed or rejected leaves the pending list and joins the archive by `belongs`.
 * The platform room hears every school's tasks: the Plattformadministrator keeps only the chosen
 * school's (an Admin's or Vaktmester's room carries their own school only).
 */
const inScope = (task: MaintenanceTask, scope: string) => !scope || task.schoolId === scope;

export const usePendingTasksStore = createCollectionStore<MaintenanceTask>({
  fetch: (scope) => fetchMaintenanceTasks('pending', scope || null),
  belongs: (task, scope) => task.status === 'pending' && inScope(task, scope),
  // The caretaker's list of the night, on screen off line too (issue 44).
  keptOnDevice: { name: 'pendingTasks', schema: maintenanceTasksSchema },
});

export const useArchivedTasksStore = createCollectionStore<MaintenanceTask>({
  fetch: async (scope) => {
    const [completed, rejected] = await Promise.all([
      fetchMaintenanceTasks('completed', scope || null),
      fetchMaintenanceTasks('rejected', scope || null),
    ]);
    return completed && rejected ? [...completed, ...rejected] : null;
  },
  belongs: (task, scope) => task.status !== 'pending' && inScope(task, scope),
});

type TaskStore = typeof usePendingTasksStore;
const taskStores: readonly TaskStore[] = [usePendingTasksStore, useArchivedTasksStore];

/** Pending: by room number, numbers as numbers ('2' before '10'), then oldest first. */
export function byRoomNumber(a: MaintenanceTask, b: MaintenanceTask): number {
  return compareRoomNumbers(a.roomNumber, b.roomNumber) || a.createdAt.localeCompare(b.createdAt);
}

/** When the task was completed or rejected ('' while pending). */
export const actedAt = (task: MaintenanceTask): string => task.completedAt ?? task.rejectedAt ?? '';

/** Archive: newest action first, then by room number. */
export function newestActionFirst(a: MaintenanceTask, b: MaintenanceTask): number {
  return actedAt(b).localeCompare(actedAt(a)) || compareRoomNumbers(a.roomNumber, b.roomNumber);
}

/** The task in whichever list holds it now. */
export function findTask(id: string): MaintenanceTask | undefined {
  return usePendingTasksStore.getState().byId[id] ?? useArchivedTasksStore.getState().byId[id];
}

/**
 * New cases that arrived live and have not been looked at yet: the caretaker's page highlights them.
 * A case this window created itself is not news to it.
 */
interface NewTasksState {
  ids: ReadonlySet<string>;
  mark(id: string): void;
  seen(id: string): void;
  reset(): void;
}

export const useNewTasksStore = create<NewTasksState>()((set, get) => ({
  ids: new Set(),
  mark(id) {
    if (!get().ids.has(id)) set({ ids: new Set(get().ids).add(id) });
  },
  seen(id) {
    if (!get().ids.has(id)) return;
    const ids = new Set(get().ids);
    ids.delete(id);
    set({ ids });
  },
  reset() {
    set({ ids: new Set() });
  },
}));

registerStore({
  refetchIfLoaded() {},
  reset() {
    useNewTasksStore.getState().reset();
  },
});

/**
 * Event 'maintenanceTasks.created', and the response to this window's own POST. `own`: this
 * window made it (its answer, or its event, which the server marks with the write's id and which
 * usually comes first). Highlighted only when it is news on screen: in the list shown, not own.
 */
export function taskCreated(task: MaintenanceTask, own: boolean): void {
  const known = !!findTask(task.id);
  usePendingTasksStore.getState().put(task);
  if (own) return useNewTasksStore.getState().seen(task.id);
  if (!known && usePendingTasksStore.getState().byId[task.id]) useNewTasksStore.getState().mark(task.id);
}

/** Event 'maintenanceTasks.updated' and the responses of complete, reject and reopen. */
export function taskUpdated(task: MaintenanceTask): void {
  for (const store of taskStores) store.getState().put(task);
  if (task.status !== 'pending') useNewTasksStore.getState().seen(task.id);
}

/** Event 'maintenanceTasks.deleted' and the response of delete. */
export function taskDeleted(id: string): void {
  for (const store of taskStores) store.getState().remove(id);
  useNewTasksStore.getState().seen(id);
}

/** Opened, or acted on, on this screen: no longer highlighted as new. */
export function taskSeen(id: string): void {
  useNewTasksStore.getState().seen(id);
}

/** Puts the server's answer into the lists; a refusal that means they are stale reloads them. */
async function acted<T>(answer: Promise<T>, apply: (result: T) => void): Promise<void> {
  try {
    apply(await answer);
  } catch (error) {
    // Someone else got there first (409) or deleted it (404): the event should already have told
    // us, but a refetch makes sure this window shows the task as it is now.
    const code = errorCode(error);
    if (code === 'conflict' || code === 'notFound') {
      for (const store of taskStores) if (store.getState().loaded) void store.getState().reload();
    }
    throw error;
  }
}

/**
 * The caretaker's and the office's actions on a task: the response goes into the stores at once;
 * the event that follows carries the same, so every window converges.
 */
export const taskActions = {
  /** The office's 'Ny oppgave' (scope: the chosen school, '' for a member); shown as its own, not as new. */
  create: async (body: CreateMaintenanceTaskBody, scope: string, headers: Record<string, string>) =>
    taskCreated(await createMaintenanceTask(body, scope || null, headers), true),
  complete: (task: MaintenanceTask) => acted(completeMaintenanceTask(task), taskUpdated),
  reject: (task: MaintenanceTask, reason: string) => acted(rejectMaintenanceTask(task, reason), taskUpdated),
  reopen: (task: MaintenanceTask) => acted(reopenMaintenanceTask(task), taskUpdated),
  remove: (task: MaintenanceTask) => acted(deleteMaintenanceTask(task), ({ id }) => taskDeleted(id)),
};

export const maintenanceEvents: EventHandlers<'maintenanceTasks.created' | 'maintenanceTasks.updated' | 'maintenanceTasks.deleted'> = {
  'maintenanceTasks.created': (task, origin) => taskCreated(task, isOwnEvent(origin)),
  'maintenanceTasks.updated': (task) => taskUpdated(task),
  'maintenanceTasks.deleted': ({ id }) => taskDeleted(id),
};
registerEventHandlers(maintenanceEvents);
