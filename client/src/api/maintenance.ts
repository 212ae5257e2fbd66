import {
  deletedSchema,
  maintenanceTaskSchema,
  maintenanceTasksSchema,
  type CreateMaintenanceTaskBody,
  type Deleted,
  type MaintenanceStatus,
  type MaintenanceTask,
} from '../../../protocol/src';
import { getData, request } from './http';

const BASE = '/api/maintenance-tasks';

/** Listing and creating name the school for the Plattformadministrator (?schoolId=); acting on a task needs only its id. */
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

const taskPath = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action}`;

export function completeMaintenanceTask(id: string): Promise<MaintenanceTask> {
  return request('PUT', taskPath(id, '/complete'), maintenanceTaskSchema);
}

export function rejectMaintenanceTask(id: string): Promise<MaintenanceTask> {
  return request('PUT', taskPath(id, '/reject'), maintenanceTaskSchema);
}

export function deleteMaintenanceTask(id: string): Promise<Deleted> {
  return request('DELETE', taskPath(id), deletedSchema);
}
