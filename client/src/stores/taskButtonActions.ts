import type { TaskButton } from '#protocol';
import { saveTaskButtons } from '../api/taskButtons';
import { useTaskButtonsStore } from './boardStores';

/** Saves a school's task labels and shows the server's answer at once; gives back the labels as saved. */
export async function saveTaskLabels(schoolId: string, buttons: TaskButton[]): Promise<TaskButton[]> {
  const result = await saveTaskButtons(schoolId, buttons);
  for (const button of result.buttons) useTaskButtonsStore.getState().put(button);
  return result.buttons;
}
