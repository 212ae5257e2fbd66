import type { MaintenanceTask } from '#protocol';
import { HISTORY_LABELS, timestamp } from './taskLabels';

/** Everything that happened to a case, oldest first: who, when, and a rejection's reason. */
export function CaseHistory({ task, headingId }: { task: MaintenanceTask; headingId: string }) {
  return (
    <section className="task-detail-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="task-detail-label">
        Historikk
      </h3>
      <ol className="case-history" data-testid="case-history">
        {task.history.map((step, index) => (
          <li key={`${step.action}-${step.at}-${index}`} data-action={step.action}>
            <span>
              {HISTORY_LABELS[step.action]} {step.byName}
            </span>
            <span className="muted"> {timestamp(step.at)}</span>
            {step.reason && <span className="case-history-reason">Begrunnelse: {step.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
