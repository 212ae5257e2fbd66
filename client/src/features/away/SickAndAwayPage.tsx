import { Link } from 'react-router-dom';
import { AppHeader } from '../../ui/AppHeader';
import { AdminSchoolPicker } from '../schools/AdminSchoolPicker';
import { useSchoolScope } from '../schools/useSchoolScope';
import { SickCard } from '../sick/SickCard';
import { useToday } from '../../ui/useToday';
import { AwayStudentsCard } from './AwayStudentsCard';
import { ClassTripsCard } from './ClassTripsCard';
import '../../ui/chips.css';
import './sickAndAway.css';

/** /admin/syke-og-bortreist (Admin, Plattformadministrator for a chosen school). */
export function SickAndAwayPage() {
  const { picksSchool, query: scope } = useSchoolScope();
  const today = useToday();
  return (
    <div className="app-shell">
      <AppHeader title="Syke og bortreist" backTo="/admin/meny" backLabel="Tilbake til Admin Meny" />
      <main className="page" data-testid="sick-and-away-page">
        {picksSchool && <AdminSchoolPicker />}
        <Link to="/admin/reiser" className="back-link page-link" data-testid="all-trips-link">
          Se alle reiser
        </Link>
        {scope === null ? (
          <p className="empty">Velg en skole for å registrere syke og bortreiste.</p>
        ) : (
          // Keyed by school: a new school starts with fresh forms.
          <div className="sick-away-grid" key={scope}>
            <SickCard scope={scope} today={today} />
            <AwayStudentsCard scope={scope} today={today} />
            <ClassTripsCard scope={scope} today={today} />
          </div>
        )}
      </main>
    </div>
  );
}
