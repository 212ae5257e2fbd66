import { create } from 'zustand';
import { z } from 'zod';
import { taskButtonSchema, type TaskButton, type TasksConfig } from '#protocol';
import { fetchTasksConfig, saveTaskButtons } from './taskButtonsApi';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';

/** A school's labels of the six rounds, by the school's id (it is in their path). */
export const useTaskButtonsStore = createCollectionStore<TaskButton>({
  fetch: async (schoolId) => {
    const config = await fetchTasksConfig(schoolId);
    if (config) noteVersion(config);
    return config?.buttons ?? null;
  },
  keptOnDevice: { name: 'taskButtons', schema: z.array(taskButtonSchema) },
});

/** The version of the labels last heard from the server, by school: what an edit is made from. */
export const useTaskLabelsVersion = create<{ bySchool: Record<string, number> }>()(() => ({ bySchool: {} }));

function noteVersion({ schoolId, version }: TasksConfig): void {
  useTaskLabelsVersion.setState((state) => ({
    bySchool: { ...state.bySchool, [schoolId]: Math.max(version, state.bySchool[schoolId] ?? 0) },
  }));
}

/** Saves a school's task labels, made from `baseVersion`, and shows the server's answer at once. */
export async function saveTaskLabels(schoolId: string, buttons: TaskButton[], baseVersion: number): Promise<TasksConfig> {
  const result = await saveTaskButtons(schoolId, buttons, baseVersion);
  taskButtonsUpdated(result);
  return result;
}

export function taskButtonsUpdated(config: TasksConfig): void {
  noteVersion(config);
  const store = useTaskButtonsStore.getState();
  if (store.scope !== config.schoolId) return;
  for (const button of config.buttons) store.put(button);
}

export const taskButtonEvents: EventHandlers<'taskButtons.updated'> = { 'taskButtons.updated': taskButtonsUpdated };
registerEventHandlers(taskButtonEvents);
