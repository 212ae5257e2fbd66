import { formatTimestampNo, type MaintenanceStatus, type MaintenanceTask } from '#protocol';

export const STATUS_LABELS: Record<MaintenanceStatus, string> = {
  pending: 'Ventende',
  completed: 'Fullført',
  rejected: 'Avslått',
};

export const STATUS_PILLS: Record<MaintenanceStatus, string> = {
  pending: 'pill pill-warning',
  completed: 'pill pill-success',
  rejected: 'pill pill-danger',
};

export { roomLabel } from '#protocol';

/** 'd. MMMM yyyy kl. HH:mm' in Oslo time (spec §9); an unreadable value is shown as it came. */
export function timestamp(value: string | null): string {
  if (!value) return '';
  try {
    return formatTimestampNo(value);
  } catch {
    return value;
  }
}

/** Who closed the task and when, for the archive cards and the detail dialog. */
export function outcome(task: MaintenanceTask): { label: string; name: string; at: string } | null {
  if (task.status === 'completed') return { label: 'Fullført av', name: task.completedByName ?? '', at: timestamp(task.completedAt) };
  if (task.status === 'rejected') return { label: 'Avslått av', name: task.rejectedByName ?? '', at: timestamp(task.rejectedAt) };
  return null;
}
