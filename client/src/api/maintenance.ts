import {
  deletedSchema,
  maintenanceTaskSchema,
  maintenanceTasksSchema,
  type CreateMaintenanceTaskBody,
  type Deleted,
  type MaintenanceStatus,
  type MaintenanceTask,
} from '#protocol';
import { getData, request } from './http';

const BASE = '/api/maintenance-tasks';

/** Every call names the school for the Plattformadministrator (?schoolId=): the list's, or the task's own. */
function scoped(path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function fetchMaintenanceTasks(status: MaintenanceStatus, schoolId: string | null): Promise<MaintenanceTask[] | null> {
  return getData(scoped(BASE, { status, schoolId }), maintenanceTasksSchema);
}

export function createMaintenanceTask(body: CreateMaintenanceTaskBody, schoolId: string | null, headers?: Record<string, string>): Promise<MaintenanceTask> {
  return request('POST', scoped(BASE, { schoolId }), maintenanceTaskSchema, body, headers);
}

const taskPath = (task: MaintenanceTask, action = '') => scoped(`${BASE}/${encodeURIComponent(task.id)}${action}`, { schoolId: task.schoolId });

export function completeMaintenanceTask(task: MaintenanceTask): Promise<MaintenanceTask> {
  return request('PUT', taskPath(task, '/complete'), maintenanceTaskSchema);
}

export function rejectMaintenanceTask(task: MaintenanceTask): Promise<MaintenanceTask> {
  return request('PUT', taskPath(task, '/reject'), maintenanceTaskSchema);
}

export function deleteMaintenanceTask(task: MaintenanceTask): Promise<Deleted> {
  return request('DELETE', taskPath(task), deletedSchema);
}
