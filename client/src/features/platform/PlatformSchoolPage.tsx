import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { User } from '#protocol';
import { AppHeader } from '../../ui/AppHeader';
import { DeleteUserDialog } from '../users/DeleteUserDialog';
import { DeactivateUserDialog } from '../users/DeactivateUserDialog';
import { ListState } from '../../ui/ListState';
import { PlusIcon } from '../../ui/icons';
import { StatusScreen } from '../../ui/StatusScreen';
import { CreateUserDialog } from './CreateUserDialog';
import { PlatformUserRow } from './PlatformUserRow';
import { RetentionCard } from './RetentionCard';
import { SchoolActivePill } from './SchoolCard';
import { SchoolCounts } from './SchoolCounts';
import { TransferDialog } from './TransferDialog';
import { usePlatformSchools, usePlatformSchoolUsers } from './usePlatformData';
import { usePlatformUserActions } from './usePlatformUserActions';
import './platform.css';

/** /plattformadministrator/schools/{schoolId}: one school's users. */
export function PlatformSchoolPage() {
  const { schoolId = '' } = useParams();
  const schools = usePlatformSchools();
  const { users, loaded, failed, retry } = usePlatformSchoolUsers(schoolId);
  const actions = usePlatformUserActions();
  const [creating, setCreating] = useState(false);
  const [toTransfer, setToTransfer] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [toDeactivate, setToDeactivate] = useState<User | null>(null);
  const school = schools.byId[schoolId];

  if (schools.loaded && !school) {
    return (
      <StatusScreen title="Fant ikke skolen" testId="school-not-found">
        <p className="muted">Skolen finnes ikke, eller den er slettet.</p>
        <Link to="/plattformadministrator" className="button">
          Til oversikten
        </Link>
      </StatusScreen>
    );
  }

  return (
    <div className="app-shell">
      <AppHeader
        title={school?.name ?? 'Skole'}
        subtitle="Brukeradministrasjon"
        backTo="/plattformadministrator"
        backLabel="Tilbake til oversikten"
      />
      <main className="page page-medium" data-testid="platform-school-page">
        {school && (
          <section className="card school-summary" aria-label="Tall for skolen">
            <div className="school-card-head">
              <h2 className="section-title">Oversikt</h2>
              <SchoolActivePill active={school.active} />
            </div>
            <SchoolCounts counts={school.counts} />
          </section>
        )}
        {school && <RetentionCard key={`${school.id}:${school.healthDataRetentionMonths}`} school={school} />}

        <section aria-labelledby="users-title" className="platform-section">
          <div className="page-head">
            <h2 id="users-title" className="section-title">
              Brukere
            </h2>
            <button
              type="button"
              className="button button-small"
              onClick={() => setCreating(true)}
              disabled={!school}
              data-testid="open-create-user"
            >
              <PlusIcon width={20} height={20} />
              Ny bruker
            </button>
          </div>
          {!loaded ? (
            <ListState loaded={loaded} failed={failed} loadingText="Laster brukere..." onRetry={retry} />
          ) : users.length === 0 ? (
            <p className="empty">Ingen brukere funnet</p>
          ) : (
            <ul className="row-list" data-testid="platform-user-list">
              {users.map((user) => (
                <PlatformUserRow
                  key={user.id}
                  user={user}
                  actions={actions}
                  onTransfer={setToTransfer}
                  onDeactivate={setToDeactivate}
                  onDelete={setToDelete}
                />
              ))}
            </ul>
          )}
        </section>
      </main>

      {school && <CreateUserDialog open={creating} onOpenChange={setCreating} schools={schools.schools} fixedSchool={school} />}
      <TransferDialog user={toTransfer} schools={schools.schools} onClose={() => setToTransfer(null)} onTransfer={actions.transfer} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} onDelete={actions.remove} />
      <DeactivateUserDialog
        user={toDeactivate}
        onClose={() => setToDeactivate(null)}
        onDeactivate={(user) => actions.setStatus(user, 'deactivated')}
      />
    </div>
  );
}
