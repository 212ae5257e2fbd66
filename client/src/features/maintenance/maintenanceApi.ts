import {
  deletedSchema,
  maintenanceTaskSchema,
  maintenanceTasksSchema,
  readPaths,
  type CreateMaintenanceTaskBody,
  type Deleted,
  type MaintenanceStatus,
  type MaintenanceTask,
} from '#protocol';
import { getData, request, withSchool } from '../../api/http';

const BASE = '/api/maintenance-tasks';

export function fetchMaintenanceTasks(status: MaintenanceStatus, schoolId: string | null): Promise<MaintenanceTask[] | null> {
  return getData(readPaths.maintenanceTasks(status, schoolId), maintenanceTasksSchema);
}

export function createMaintenanceTask(
  body: CreateMaintenanceTaskBody,
  schoolId: string | null,
  headers?: Record<string, string>,
): Promise<MaintenanceTask> {
  return request('POST', withSchool(BASE, schoolId), maintenanceTaskSchema, body, headers);
}

/** Every call names the school for the Plattformadministrator (?schoolId=): the list's, or the task's own. */
const taskPath = (task: MaintenanceTask, action = '') => withSchool(`${BASE}/${encodeURIComponent(task.id)}${action}`, task.schoolId);

export function completeMaintenanceTask(task: MaintenanceTask): Promise<MaintenanceTask> {
  return request('PUT', taskPath(task, '/complete'), maintenanceTaskSchema);
}

/** 'Avslå', with the reason the caretaker gave (none: the spec's call, without a body). */
export function rejectMaintenanceTask(task: MaintenanceTask, reason: string): Promise<MaintenanceTask> {
  const body = reason.trim() ? { reason } : undefined;
  return request('PUT', taskPath(task, '/reject'), maintenanceTaskSchema, body);
}

/** 'Gjenåpne': a case from the archive back among the pending ones. */
export function reopenMaintenanceTask(task: MaintenanceTask): Promise<MaintenanceTask> {
  return request('PUT', taskPath(task, '/reopen'), maintenanceTaskSchema);
}

export function deleteMaintenanceTask(task: MaintenanceTask): Promise<Deleted> {
  return request('DELETE', taskPath(task), deletedSchema);
}
