import { useEffect, useMemo } from 'react';
import { usePlatformSchoolsStore, usePlatformUsersStore } from '../../stores/platformStore';
import { byName } from '../users/userLabels';

/** The schools, sorted by name, loaded on first use and kept live by events. */
export function usePlatformSchools() {
  const byId = usePlatformSchoolsStore((state) => state.byId);
  const loaded = usePlatformSchoolsStore((state) => state.loaded);
  const failed = usePlatformSchoolsStore((state) => state.status === 'error');
  useEffect(() => {
    void usePlatformSchoolsStore.getState().ensure();
  }, []);
  const schools = useMemo(() => Object.values(byId).sort(byName), [byId]);
  return { byId, schools, loaded, failed, retry: () => usePlatformSchoolsStore.getState().reload() };
}

/** The users of one school, sorted by name. */
export function usePlatformSchoolUsers(schoolId: string) {
  const byId = usePlatformUsersStore((state) => state.byId);
  const loaded = usePlatformUsersStore((state) => state.loaded);
  const failed = usePlatformUsersStore((state) => state.status === 'error');
  useEffect(() => {
    void usePlatformUsersStore.getState().ensure();
  }, []);
  const users = useMemo(() => Object.values(byId).filter((user) => user.schoolId === schoolId).sort(byName), [byId, schoolId]);
  return { users, loaded, failed, retry: () => usePlatformUsersStore.getState().reload() };
}
