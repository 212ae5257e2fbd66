import { useEffect } from 'react';
import { selectPendingCount, useUsersStore } from '../../stores/usersStore';
import { useSchoolScope } from '../schools/useSchoolScope';

/** Live count of the school's users awaiting approval (the Plattformadministrator's chosen school); hides at 0. */
export function PendingCountBadge() {
  const { schoolId } = useSchoolScope();
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
