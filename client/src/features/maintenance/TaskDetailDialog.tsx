import type { MaintenanceTask } from '#protocol';
import { Modal } from '../../ui/Modal';
import { outcome, roomLabel, STATUS_LABELS, STATUS_PILLS, timestamp } from './taskLabels';
import type { TaskActions } from './useTaskActions';

interface TaskDetailDialogProps {
  /** The live task; the dialog closes when it leaves the list it was opened from. */
  task: MaintenanceTask | undefined;
  onClose(): void;
  actions: TaskActions;
  /** Asks for confirmation, then deletes. */
  onDelete(task: MaintenanceTask): void;
}

/**
 * The description, the creator, and the completer or rejecter with timestamps. A pending task can
 * be fixed ('Fikset'), rejected or deleted from here; an archived one deleted for good.
 */
export function TaskDetailDialog({ task, onClose, actions, onDelete }: TaskDetailDialogProps) {
  return (
    <Modal open={task !== undefined} onOpenChange={(open) => !open && onClose()} title={task ? roomLabel(task) : ''} testId="task-detail">
      {task && <TaskDetail task={task} actions={actions} onDelete={onDelete} />}
    </Modal>
  );
}

function TaskDetail({ task, actions, onDelete }: { task: MaintenanceTask; actions: TaskActions; onDelete(task: MaintenanceTask): void }) {
  const closed = outcome(task);
  const busy = actions.isBusy(task);
  return (
    <>
      <div className="task-detail">
        <p>
          <span className={STATUS_PILLS[task.status]} data-testid="task-status">
            {STATUS_LABELS[task.status]}
          </span>
        </p>
        <section className="task-detail-section" aria-labelledby="task-detail-description">
          <h3 id="task-detail-description" className="task-detail-label">
            Beskrivelse
          </h3>
          <p className="task-detail-text" data-testid="task-detail-description">
            {task.description}
          </p>
        </section>
        <dl className="task-facts">
          <div>
            <dt>Opprettet av</dt>
            <dd data-testid="task-created-by">{task.createdByName}</dd>
            <dd className="muted" data-testid="task-created-at">
              {timestamp(task.createdAt)}
            </dd>
          </div>
          {closed && (
            <div>
              <dt>{closed.label}</dt>
              <dd data-testid="task-closed-by">{closed.name}</dd>
              <dd className="muted" data-testid="task-closed-at">
                {closed.at}
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className="dialog-actions">
        {task.status === 'pending' ? (
          <>
            <button
              type="button"
              className="button button-danger-outline"
              disabled={busy}
              onClick={() => onDelete(task)}
              data-testid="detail-delete"
            >
              Slett
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void actions.reject(task)}
              data-testid="detail-reject"
            >
              Avslå
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void actions.complete(task)}
              data-testid="detail-complete"
            >
              Fikset
            </button>
          </>
        ) : (
          <button type="button" className="button button-danger" disabled={busy} onClick={() => onDelete(task)} data-testid="detail-delete">
            Slett permanent
          </button>
        )}
      </div>
    </>
  );
}
