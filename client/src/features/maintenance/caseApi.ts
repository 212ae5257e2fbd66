import { maintenanceTaskSchema, type CreateMaintenanceTaskBody, type MaintenanceTask } from '#protocol';
import { request } from '../../api/http';

/** The supervisor's 'Send sak til vaktmester' (Tilsynsvakt only). */
export function submitCase(body: CreateMaintenanceTaskBody, headers?: Record<string, string>): Promise<MaintenanceTask> {
  return request('POST', '/api/maintenance-tasks/submit', maintenanceTaskSchema, body, headers);
}
