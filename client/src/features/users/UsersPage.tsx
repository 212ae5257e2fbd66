import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import type { User } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { useLoaded } from '../../stores/useLoaded';
import { selectPendingCount, useUsersStore } from './usersStore';
import { DeleteUserDialog } from './DeleteUserDialog';
import { DeactivateUserDialog } from './DeactivateUserDialog';
import { ListState } from '../../ui/ListState';
import { PendingUserRow, SchoolUserRow } from './UserRows';
import { useAdminUserActions } from './useAdminUserActions';
import { byName } from '../../ui/byName';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';
import { useResetLinkAction } from '../passwordReset/ResetLinkDialog';

/** /admin/brukere (Admin, Plattformadministrator): pending registrations and every user of the school, live. */
export function UsersPage() {
  return (
    <AdminScreen title="Brukere" testId="users-page">
      <SchoolScoped pickText="Velg en skole for å administrere brukerne.">
        {({ schoolId }) => <SchoolUsers schoolId={schoolId} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function SchoolUsers({ schoolId }: { schoolId: string }) {
  const me = useCurrentUser();
  const { loaded, failed, retry } = useLoaded(useUsersStore, schoolId);
  const byId = useUsersStore((state) => state.byId);
  const pendingCount = useUsersStore(selectPendingCount);
  const actions = useAdminUserActions();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [toDeactivate, setToDeactivate] = useState<User | null>(null);
  const resetLink = useResetLinkAction();

  const users = useMemo(() => Object.values(byId).sort(byName), [byId]);
  const pending = useMemo(() => users.filter((user) => user.status === 'pending'), [users]);
  const listState = <ListState loaded={loaded} failed={failed} loadingText="Laster brukere..." onRetry={retry} />;

  return (
    <>
      <Tabs.Root defaultValue="pending">
        <Tabs.List className="tabs-list" aria-label="Brukere">
          <Tabs.Trigger value="pending" className="tabs-trigger" data-testid="tab-pending">
            Ventende
            {pendingCount > 0 && (
              <span className="badge" aria-hidden="true">
                {pendingCount}
              </span>
            )}
          </Tabs.Trigger>
          <Tabs.Trigger value="all" className="tabs-trigger" data-testid="tab-all">
            Alle
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="pending" className="tabs-content">
          {!loaded ? (
            listState
          ) : pending.length === 0 ? (
            <p className="empty">Ingen ventende brukere</p>
          ) : (
            <ul className="row-list" data-testid="pending-list">
              {pending.map((user) => (
                <PendingUserRow key={user.id} user={user} actions={actions} />
              ))}
            </ul>
          )}
        </Tabs.Content>

        <Tabs.Content value="all" className="tabs-content">
          {!loaded ? (
            listState
          ) : users.length === 0 ? (
            <p className="empty">Ingen brukere funnet</p>
          ) : (
            <ul className="row-list" data-testid="all-list">
              {users.map((user) => (
                <SchoolUserRow
                  key={user.id}
                  user={user}
                  isMe={user.id === me.id}
                  actions={actions}
                  onDelete={setToDelete}
                  onDeactivate={setToDeactivate}
                  onResetLink={(user) => void resetLink.make(user)}
                />
              ))}
            </ul>
          )}
        </Tabs.Content>
      </Tabs.Root>

      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} onDelete={actions.remove} />
      <DeactivateUserDialog user={toDeactivate} onClose={() => setToDeactivate(null)} onDeactivate={actions.deactivate} />
      {resetLink.dialog}
    </>
  );
}
