import { CARETAKER_ROLE } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { ArchivedTaskList } from './TaskLists';
import './maintenance.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

/** /arkiv (Admin, Vaktmester, Plattformadministrator): completed and rejected tasks, newest action first, live. */
export function ArchivePage() {
  const { role } = useCurrentUser();
  const back =
    role === CARETAKER_ROLE ? { to: '/vaktmester', label: 'Tilbake til Vaktmester' } : { to: '/admin', label: 'Tilbake til Admin Meny' };
  return (
    <AdminScreen title="Arkiv" subtitle="Fullførte og avslåtte saker" back={back} testId="archive-page">
      <SchoolScoped pickText="Velg en skole for å se arkivet.">{({ query }) => <ArchivedTaskList scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}
