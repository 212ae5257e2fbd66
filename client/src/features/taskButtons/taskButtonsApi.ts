import { readPaths, tasksConfigSchema, type TaskButton, type TasksConfig } from '#protocol';
import { getData, request } from '../../api/http';

/** The school's six buttons and their version (any approved member of the school; the Plattformadministrator any school). */
export function fetchTasksConfig(schoolId: string): Promise<TasksConfig | null> {
  return getData(readPaths.taskButtons(schoolId), tasksConfigSchema);
}

/** The six labels, on the version they were edited from (409 editConflict otherwise). */
export function saveTaskButtons(schoolId: string, buttons: TaskButton[], baseVersion: number): Promise<TasksConfig> {
  return request('PUT', readPaths.taskButtons(schoolId), tasksConfigSchema, { buttons, baseVersion });
}
