import type { TaskButton, TasksConfig } from '#protocol';
import { fetchTaskButtons, saveTaskButtons } from './taskButtonsApi';
import type { EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';

/** A school's labels of the six rounds, by the school's id (it is in their path). */
export const useTaskButtonsStore = createCollectionStore<TaskButton>({
  fetch: (schoolId) => fetchTaskButtons(schoolId),
});

/** Saves a school's task labels and shows the server's answer at once; gives back the labels as saved. */
export async function saveTaskLabels(schoolId: string, buttons: TaskButton[]): Promise<TaskButton[]> {
  const result = await saveTaskButtons(schoolId, buttons);
  for (const button of result.buttons) useTaskButtonsStore.getState().put(button);
  return result.buttons;
}

export function taskButtonsUpdated({ schoolId, buttons }: TasksConfig): void {
  const store = useTaskButtonsStore.getState();
  if (store.scope !== schoolId) return;
  for (const button of buttons) store.put(button);
}

export const taskButtonEvents: EventHandlers<'taskButtons.updated'> = { 'taskButtons.updated': taskButtonsUpdated };
