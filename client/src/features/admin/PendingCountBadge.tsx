import { useEffect } from 'react';
import { ADMIN_ROLE } from '../../../../protocol/src';
import { useAuthStore } from '../../stores/authStore';
import { selectPendingCount, useUsersStore } from '../../stores/usersStore';

/** Live count of users awaiting approval; loads for role Admin only and hides at 0. */
export function PendingCountBadge() {
  const schoolId = useAuthStore((state) => (state.user?.role === ADMIN_ROLE ? state.user.schoolId : null));
  const count = useUsersStore(selectPendingCount);

  useEffect(() => {
    if (schoolId) void useUsersStore.getState().ensure(schoolId);
  }, [schoolId]);

  if (!schoolId || count === 0) return null;
  return (
    <span className="badge" data-testid="pending-count" aria-label={`${count} venter på godkjenning`}>
      {count}
    </span>
  );
}
