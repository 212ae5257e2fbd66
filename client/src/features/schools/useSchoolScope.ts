import { PLATFORM_ADMIN_ROLE } from '#protocol';
import { useAdminSchoolStore } from './adminSchoolStore';
import { useAuthStore } from '../../stores/authStore';

export interface SchoolScope {
  /** The Plattformadministrator picks the school (AdminSchoolPicker); everyone else has their own. */
  picksSchool: boolean;
  /** The school's id (for paths such as /api/tasks-config/{schoolId}); null until one is chosen. */
  schoolId: string | null;
  /** The ?schoolId= of the school's calls: '' for a member (the server uses their school), null until chosen. */
  query: string | null;
}

/**
 * Which school a screen shows and its calls act on: the one way every school screen (the board,
 * the reports, the admin screens, the caretaker's) resolves it, as the server does for every
 * route declared `scope: 'school'`.
 */
export function useSchoolScope(): SchoolScope {
  const user = useAuthStore((state) => state.user);
  const chosen = useAdminSchoolStore((state) => state.schoolId);
  if (user?.role === PLATFORM_ADMIN_ROLE) return { picksSchool: true, schoolId: chosen, query: chosen };
  return { picksSchool: false, schoolId: user?.schoolId ?? null, query: user?.schoolId ? '' : null };
}
