import type { MaintenanceTask } from '#protocol';
import { outcome, roomLabel, STATUS_LABELS, STATUS_PILLS, timestamp } from './taskLabels';

interface TaskSummaryProps {
  task: MaintenanceTask;
  isNew?: boolean;
  onOpen(task: MaintenanceTask): void;
}

/** Room, status, the description clamped to two lines and who reported it: opens the details. */
function TaskSummary({ task, isNew, onOpen }: TaskSummaryProps) {
  const closed = outcome(task);
  return (
    <button type="button" className="task-summary" onClick={() => onOpen(task)} data-testid="task-open">
      <span className="task-head">
        <span className="task-room">{roomLabel(task)}</span>
        {isNew && (
          <span className="pill pill-info task-new" data-testid="task-new">
            Ny
          </span>
        )}
        {task.status !== 'pending' && <span className={STATUS_PILLS[task.status]}>{STATUS_LABELS[task.status]}</span>}
      </span>
      <span className="task-description" data-testid="task-description">
        {task.description}
      </span>
      <span className="task-meta">
        {closed ? `${closed.label} ${closed.name}, ${closed.at}` : `Opprettet av ${task.createdByName}, ${timestamp(task.createdAt)}`}
      </span>
    </button>
  );
}

interface PendingTaskCardProps extends TaskSummaryProps {
  busy: boolean;
  onComplete(task: MaintenanceTask): void;
  onReject(task: MaintenanceTask): void;
  onDelete(task: MaintenanceTask): void;
}

/** The caretaker's card: the summary and the buttons Fullfør, Avslå and Slett. */
export function PendingTaskCard({ task, isNew, onOpen, busy, onComplete, onReject, onDelete }: PendingTaskCardProps) {
  return (
    <li className="task-card" data-status={task.status} data-new={isNew ? '' : undefined} data-testid="task-card" data-task-id={task.id}>
      <TaskSummary task={task} isNew={isNew} onOpen={onOpen} />
      <div className="task-actions">
        <button type="button" className="button button-small" disabled={busy} onClick={() => onComplete(task)} data-testid="task-complete">
          Fullfør
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => onReject(task)}
          data-testid="task-reject"
        >
          Avslå
        </button>
        <button
          type="button"
          className="button button-danger-outline button-small"
          disabled={busy}
          onClick={() => onDelete(task)}
          data-testid="task-delete"
        >
          Slett
        </button>
      </div>
    </li>
  );
}

/** A row of the admin's pending list, or a card of the archive (coloured by status): opens the details. */
export function TaskRow({ task, isNew, onOpen, testId }: TaskSummaryProps & { testId: string }) {
  return (
    <li className="task-card" data-status={task.status} data-new={isNew ? '' : undefined} data-testid={testId} data-task-id={task.id}>
      <TaskSummary task={task} isNew={isNew} onOpen={onOpen} />
    </li>
  );
}
