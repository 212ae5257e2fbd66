import { useEffect } from 'react';
import { ADMIN_ROLE } from '../../../../protocol/src';
import { useAuthStore } from '../../stores/authStore';
import { selectPendingCount, useUsersStore } from '../../stores/usersStore';

/** Live count of users awaiting approval; loads for role Admin only and hides at 0. */
export function PendingCountBadge() {
  const isAdmin = useAuthStore((state) => state.user?.role === ADMIN_ROLE);
  const count = useUsersStore(selectPendingCount);
  const status = useUsersStore((state) => state.pendingStatus);
  const loadPending = useUsersStore((state) => state.loadPending);

  useEffect(() => {
    if (isAdmin && status === 'idle') void loadPending();
  }, [isAdmin, status, loadPending]);

  if (!isAdmin || count === 0) return null;
  return (
    <span className="badge" data-testid="pending-count" aria-label={`${count} ventende`}>
      {count}
    </span>
  );
}
