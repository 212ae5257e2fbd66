import { CARETAKER_ROLE } from '../../../../protocol/src';
import { useCurrentUser } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { AdminSchoolPicker } from '../admin/AdminSchoolPicker';
import { useSchoolScope } from '../schools/useSchoolScope';
import { ArchivedTaskList } from './TaskLists';
import './maintenance.css';

/** /arkiv (Admin, Vaktmester, Plattformadministrator): completed and rejected tasks, newest action first, live. */
export function ArchivePage() {
  const { role } = useCurrentUser();
  const { picksSchool, query: scope } = useSchoolScope();
  const back = role === CARETAKER_ROLE ? { to: '/vaktmester', label: 'Tilbake til Vaktmester' } : { to: '/admin', label: 'Tilbake til Admin Meny' };

  return (
    <div className="app-shell">
      <AppHeader title="Arkiv" subtitle="Fullførte og avslåtte oppgaver" backTo={back.to} backLabel={back.label} />
      <main className="page page-medium" data-testid="archive-page">
        {picksSchool && <AdminSchoolPicker />}
        {scope === null ? <p className="empty">Velg en skole for å se arkivet.</p> : <ArchivedTaskList scope={scope} />}
      </main>
    </div>
  );
}
