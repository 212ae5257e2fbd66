import { useMemo } from 'react';
import { usePlatformSchoolsStore } from '../schools/schoolsStore';
import { usePlatformUsersStore } from './platformStore';
import { useLoaded } from '../../stores/useLoaded';
import { byName } from '../../ui/byName';

/** The schools, sorted by name, loaded on first use and kept live by events. */
export function usePlatformSchools() {
  const { loaded, failed, retry } = useLoaded(usePlatformSchoolsStore, '');
  const byId = usePlatformSchoolsStore((state) => state.byId);
  const schools = useMemo(() => Object.values(byId).sort(byName), [byId]);
  return { byId, schools, loaded, failed, retry };
}

/** The users of one school, sorted by name. */
export function usePlatformSchoolUsers(schoolId: string) {
  const { loaded, failed, retry } = useLoaded(usePlatformUsersStore, '');
  const byId = usePlatformUsersStore((state) => state.byId);
  const users = useMemo(
    () =>
      Object.values(byId)
        .filter((user) => user.schoolId === schoolId)
        .sort(byName),
    [byId, schoolId],
  );
  return { users, loaded, failed, retry };
}
