import { useLoaded } from '../../stores/useLoaded';
import { selectPendingCount, useUsersStore } from './usersStore';
import { useSchoolScope } from '../schools/useSchoolScope';

/** Live count of the school's users awaiting approval (the Plattformadministrator's chosen school); hides at 0. */
export function PendingCountBadge() {
  const { schoolId } = useSchoolScope();
  useLoaded(useUsersStore, schoolId || null);
  const count = useUsersStore(selectPendingCount);

  if (!schoolId || count === 0) return null;
  return (
    <span className="badge" data-testid="pending-count" aria-label={`${count} venter på godkjenning`}>
      {count}
    </span>
  );
}
