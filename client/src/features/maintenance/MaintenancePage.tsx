import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AppHeader } from '../../ui/AppHeader';
import { NewCaseButton } from './NewCaseButton';
import { AdminSchoolPicker } from '../schools/AdminSchoolPicker';
import { useSchoolScope } from '../schools/useSchoolScope';
import { CreateTaskDialog } from './CreateTaskDialog';
import { CaretakerTaskList, PendingTaskRows, usePendingTaskCount } from './TaskLists';
import { CASE_PARAM } from './caseLink';
import './maintenance.css';

const PICK_SCHOOL = <p className="empty">Velg en skole for å se sakene.</p>;

/** /admin/vedlikehold (Admin, Plattformadministrator for a chosen school): maintenance management, live. */
export function MaintenancePage() {
  const { picksSchool, query: scope } = useSchoolScope();
  const [creating, setCreating] = useState(false);
  const count = usePendingTaskCount(scope);
  const [tab, setTab] = useState('caretaker');
  // A link to a case (a notification's) needs a list that opens it: the archive tab has none.
  const linked = useSearchParams()[0].has(CASE_PARAM);
  if (linked && tab === 'archive') setTab('caretaker');

  return (
    <div className="app-shell">
      <AppHeader
        title="Vedlikehold"
        backTo="/admin/meny"
        backLabel="Tilbake til Admin Meny"
        actions={<NewCaseButton className="header-create" disabled={scope === null} onClick={() => setCreating(true)} />}
      />
      <main className="page page-medium" data-testid="maintenance-page">
        {picksSchool && <AdminSchoolPicker />}
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List className="tabs-list maintenance-tabs" aria-label="Vedlikehold">
            <Tabs.Trigger value="caretaker" className="tabs-trigger" data-testid="tab-caretaker">
              Vaktmester
            </Tabs.Trigger>
            <Tabs.Trigger value="pending" className="tabs-trigger" data-testid="tab-pending">
              {count === null ? 'Ventende' : `Ventende (${count})`}
            </Tabs.Trigger>
            <Tabs.Trigger value="archive" className="tabs-trigger" data-testid="tab-archive">
              Arkiv
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="caretaker" className="tabs-content">
            {scope === null ? PICK_SCHOOL : <CaretakerTaskList scope={scope} />}
          </Tabs.Content>
          <Tabs.Content value="pending" className="tabs-content">
            {scope === null ? PICK_SCHOOL : <PendingTaskRows scope={scope} />}
          </Tabs.Content>
          <Tabs.Content value="archive" className="tabs-content">
            <div className="card archive-teaser">
              <p>Fullførte og avslåtte saker ligger i arkivet.</p>
              <Link to="/arkiv" className="button button-secondary" data-testid="open-archive">
                Åpne arkivet
              </Link>
            </div>
          </Tabs.Content>
        </Tabs.Root>
      </main>

      {scope !== null && <CreateTaskDialog open={creating} onOpenChange={setCreating} scope={scope} successTitle="Oppgave opprettet" />}
    </div>
  );
}
