import { tasksConfigSchema, type TaskButton, type TasksConfig } from '#protocol';
import { getData, request } from '../../api/http';

const path = (schoolId: string) => `/api/tasks-config/${encodeURIComponent(schoolId)}`;

/** The school's six buttons (any approved member of the school; the Plattformadministrator any school). */
export async function fetchTaskButtons(schoolId: string): Promise<TaskButton[] | null> {
  return (await getData(path(schoolId), tasksConfigSchema))?.buttons ?? null;
}

export function saveTaskButtons(schoolId: string, buttons: TaskButton[]): Promise<TasksConfig> {
  return request('PUT', path(schoolId), tasksConfigSchema, { buttons });
}
