import { formatTimestampNo, type CaseAction, type MaintenanceStatus, type MaintenanceTask } from '#protocol';

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

/** Who closed the task and when (and why, if rejected with a reason), for the cards and the dialogs. */
export function outcome(task: MaintenanceTask): { label: string; name: string; at: string; reason: string | null } | null {
  if (task.status === 'completed')
    return { label: 'Fullført av', name: task.completedByName ?? '', at: timestamp(task.completedAt), reason: null };
  if (task.status === 'rejected')
    return { label: 'Avslått av', name: task.rejectedByName ?? '', at: timestamp(task.rejectedAt), reason: task.rejectReason };
  return null;
}

/** A step of a case's history as its list reads it: 'Sendt av', 'Fullført av', 'Avslått av', 'Gjenåpnet av'. */
export const HISTORY_LABELS: Record<CaseAction, string> = {
  created: 'Sendt av',
  completed: 'Fullført av',
  rejected: 'Avslått av',
  reopened: 'Gjenåpnet av',
};
