import { useState } from 'react';
import { AppHeader } from '../../ui/AppHeader';
import { ListState } from '../../ui/ListState';
import { MenuGrid } from '../../ui/MenuLink';
import { PlusIcon } from '../../ui/icons';
import { CreateSchoolDialog } from './CreateSchoolDialog';
import { CreateUserDialog } from './CreateUserDialog';
import { SchoolCard } from './SchoolCard';
import { SystemStats } from './SystemStats';
import { usePlatformSchools } from './usePlatformData';
import { PlatformSecondFactorCard } from '../secondFactor/SecondFactorRuleCard';
import './platform.css';

const SHORTCUTS = [
  { to: '/admin', label: 'Admin Meny', description: 'Skoleadministrasjon for en valgt skole' },
  { to: '/vaktmester', label: 'Vaktmester' },
];

/** /plattformadministrator: schools with their counts, creation of schools and users, statistics. */
export function PlatformHomePage() {
  const { schools, loaded, failed, retry } = usePlatformSchools();
  const [dialog, setDialog] = useState<'school' | 'user' | null>(null);
  const dialogProps = (name: 'school' | 'user') => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  return (
    <div className="app-shell">
      <AppHeader title="Plattformadministrator" />
      <main className="page" data-testid="platform-home">
        {loaded && <SystemStats schools={schools} />}

        <section aria-labelledby="schools-title" className="platform-section">
          <div className="page-head">
            <h2 id="schools-title" className="section-title">
              Skoler
            </h2>
            <div className="head-actions">
              <button type="button" className="button button-small" onClick={() => setDialog('school')} data-testid="open-create-school">
                <PlusIcon width={20} height={20} />
                Ny skole
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setDialog('user')}
                data-testid="open-create-user"
              >
                <PlusIcon width={20} height={20} />
                Ny bruker
              </button>
            </div>
          </div>
          {!loaded ? (
            <ListState loaded={loaded} failed={failed} loadingText="Laster skoler..." onRetry={retry} />
          ) : schools.length === 0 ? (
            <p className="empty">Ingen skoler opprettet</p>
          ) : (
            <ul className="school-grid" data-testid="school-list">
              {schools.map((school) => (
                <SchoolCard key={school.id} school={school} />
              ))}
            </ul>
          )}
        </section>

        <PlatformSecondFactorCard />
        <MenuGrid label="Snarveier" links={SHORTCUTS} className="platform-section" />
      </main>

      <CreateSchoolDialog {...dialogProps('school')} />
      <CreateUserDialog {...dialogProps('user')} schools={schools} />
    </div>
  );
}
