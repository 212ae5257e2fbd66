import { useMemo } from 'react';
import type { MaintenanceTask } from '#protocol';
import { useLoaded } from '../../stores/useLoaded';
import { AppHeader } from '../../ui/AppHeader';
import { ListState } from '../../ui/ListState';
import { CaseHistory } from './CaseHistory';
import { newestSentFirst, useOwnCasesStore } from './ownCasesStore';
import { SupervisorNav } from './SupervisorNav';
import { roomLabel, STATUS_PILLS } from './taskLabels';
import { WaitingCases } from './WaitingCases';
import './maintenance.css';

/** The sender's words for a case's state: it waits for the caretaker, or it was handled. */
const SENDER_STATUS: Record<MaintenanceTask['status'], string> = {
  pending: 'Venter på vaktmester',
  completed: 'Fullført',
  rejected: 'Avslått',
};

/** /mine-saker (Tilsynsvakt): every case the person sent, its status, who acted and when, and why a rejection; live. */
export function OwnCasesPage() {
  return (
    <div className="app-shell">
      <AppHeader title="Mine saker" subtitle="Saker du har sendt til vaktmester" />
      <main className="page page-medium own-cases-page" data-testid="own-cases-page">
        <WaitingCases />
        <OwnCaseList />
      </main>
      <SupervisorNav />
    </div>
  );
}

function OwnCaseList() {
  const { loaded, failed, retry } = useLoaded(useOwnCasesStore, '');
  const byId = useOwnCasesStore((state) => state.byId);
  const cases = useMemo(() => Object.values(byId).sort(newestSentFirst), [byId]);

  if (!loaded) return <ListState loaded={false} failed={failed} loadingText="Laster saker..." onRetry={retry} />;
  if (cases.length === 0) return <p className="empty">Du har ikke sendt noen saker ennå</p>;
  return (
    <ul className="task-list" data-testid="own-cases">
      {cases.map((task) => (
        <OwnCase key={task.id} task={task} />
      ))}
    </ul>
  );
}

function OwnCase({ task }: { task: MaintenanceTask }) {
  const headingId = `own-case-${task.id}`;
  return (
    <li className="task-card own-case" data-status={task.status} data-testid="own-case" data-task-id={task.id}>
      <article aria-labelledby={headingId}>
        <div className="task-head">
          <h2 id={headingId} className="task-room">
            {roomLabel(task)}
          </h2>
          <span className={STATUS_PILLS[task.status]} data-testid="own-case-status">
            {SENDER_STATUS[task.status]}
          </span>
        </div>
        <p className="task-detail-text">{task.description}</p>
        <CaseHistory task={task} headingId={`${headingId}-history`} />
      </article>
    </li>
  );
}
