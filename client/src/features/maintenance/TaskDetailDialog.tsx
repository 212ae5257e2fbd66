import type { MaintenanceTask } from '#protocol';
import { Modal } from '../../ui/Modal';
import { outcome, roomLabel, STATUS_LABELS, STATUS_PILLS, timestamp } from './taskLabels';
import type { TaskActions } from './useTaskActions';
import { CaseHistory } from './CaseHistory';

interface TaskDetailDialogProps {
  /** The live task; the dialog closes when it leaves the list it was opened from. */
  task: MaintenanceTask | undefined;
  onClose(): void;
  actions: TaskActions;
  /** Asks for confirmation, then deletes. */
  onDelete(task: MaintenanceTask): void;
  /** Asks for a reason, then rejects. */
  onReject(task: MaintenanceTask): void;
}

type DetailProps = Omit<TaskDetailDialogProps, 'task' | 'onClose'> & { task: MaintenanceTask };

/**
 * The description, the creator, the completer or rejecter with timestamps (and the reason), and
 * the case's history. A pending task can be completed ('Fullfør'), rejected or deleted from here;
 * an archived one reopened ('Gjenåpne') or deleted for good.
 */
export function TaskDetailDialog({ task, onClose, ...rest }: TaskDetailDialogProps) {
  return (
    <Modal open={task !== undefined} onOpenChange={(open) => !open && onClose()} title={task ? roomLabel(task) : ''} testId="task-detail">
      {task && <TaskDetail task={task} {...rest} />}
    </Modal>
  );
}

function TaskDetail({ task, actions, onDelete, onReject }: DetailProps) {
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
              {closed.reason && (
                <dd className="task-reason" data-testid="task-reject-reason">
                  Begrunnelse: {closed.reason}
                </dd>
              )}
            </div>
          )}
        </dl>
        {task.history.some((step) => step.action === 'reopened') && <CaseHistory task={task} headingId="task-detail-history" />}
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
              onClick={() => onReject(task)}
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
              Fullfør
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => onDelete(task)}
              data-testid="detail-delete"
            >
              Slett permanent
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void actions.reopen(task)} data-testid="detail-reopen">
              Gjenåpne
            </button>
          </>
        )}
      </div>
    </>
  );
}
