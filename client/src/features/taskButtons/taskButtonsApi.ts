import { readPaths, tasksConfigSchema, type TaskButton, type TasksConfig } from '#protocol';
import { getData, request } from '../../api/http';



/** The school's six buttons (any approved member of the school; the Plattformadministrator any school). */
export async function fetchTaskButtons(schoolId: string): Promise<TaskButton[] | null> {
  return (await getData(readPaths.taskButtons(schoolId), tasksConfigSchema))?.buttons ?? null;
}

export function saveTaskButtons(schoolId: string, buttons: TaskButton[]): Promise<TasksConfig> {
  return request('PUT', readPaths.taskButtons(schoolId), tasksConfigSchema, { buttons });
}
