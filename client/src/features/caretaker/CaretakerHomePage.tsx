import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { FooterLinks } from '../../ui/FooterLinks';
import { AppHeader } from '../../ui/AppHeader';
import { NewCaseButton } from '../maintenance/NewCaseButton';
import { AdminSchoolPicker } from '../schools/AdminSchoolPicker';
import { useSchoolScope } from '../schools/useSchoolScope';
import { CreateTaskDialog } from '../maintenance/CreateTaskDialog';
import { CaretakerTaskList, usePendingTaskCount } from '../maintenance/TaskLists';
import { useCaseSoundStore } from '../maintenance/caseSound';
import { useNewCaseAlerts } from '../maintenance/useNewCaseAlerts';
import { pageTitle } from '../../ui/documentTitle';
import { PushToggle } from '../push/PushToggle';
import '../maintenance/maintenance.css';

/** /vaktmester (Vaktmester, Plattformadministrator for a chosen school): the pending cases, live. */
export function CaretakerHomePage() {
  const { picksSchool, query: scope } = useSchoolScope();
  const [creating, setCreating] = useState(false);
  const count = usePendingTaskCount(scope);
  useNewCaseAlerts();

  return (
    <div className="app-shell">
      <AppHeader title="Vaktmester" documentTitle={pageTitle('Vaktmester', count)} />
      <main className="page page-medium" data-testid="caretaker-home">
        <nav className="task-toolbar" aria-label="Vaktmester">
          <NewCaseButton className="task-toolbar-create" disabled={scope === null} onClick={() => setCreating(true)} />
          <Link to="/arkiv" className="button button-secondary" data-testid="archive-link">
            Arkiv
          </Link>
          <Link to={MIN_KONTO_PATH} className="button button-secondary" data-testid="account-link">
            Min konto
          </Link>
          <Link to="/change-password" className="button button-secondary" data-testid="change-password-link">
            Endre passord
          </Link>
        </nav>

        {picksSchool && <AdminSchoolPicker />}

        <section className="task-section" aria-labelledby="pending-title">
          <div className="task-section-head">
            <h2 id="pending-title" className="section-title">
              Ventende saker
              {count !== null && count > 0 && (
                <span className="badge task-count" data-testid="pending-count">
                  {count}
                </span>
              )}
            </h2>
            <SoundToggle />
          </div>
          {scope === null ? <p className="empty">Velg en skole for å se sakene.</p> : <CaretakerTaskList scope={scope} />}
        </section>
        <PushToggle />
        <FooterLinks />
      </main>

      {scope !== null && <CreateTaskDialog open={creating} onOpenChange={setCreating} scope={scope} successTitle="Oppgave opprettet" />}
    </div>
  );
}

/** Sound for new cases: off by default, only if the caretaker asks for it. */
function SoundToggle() {
  const id = useId();
  const enabled = useCaseSoundStore((state) => state.enabled);
  const setEnabled = useCaseSoundStore((state) => state.setEnabled);
  return (
    <div className="sound-toggle">
      <label htmlFor={id}>Lyd ved nye saker</label>
      <ToggleSwitch id={id} checked={enabled} onCheckedChange={setEnabled} testId="sound-toggle" />
    </div>
  );
}
