import { PLATFORM_ADMIN_ROLE } from '../../../../protocol/src';
import { useAdminSchoolStore } from '../../stores/adminSchoolStore';
import { useAuthStore } from '../../stores/authStore';

export interface AdminSchoolScope {
  /** The Plattformadministrator picks the school; an Admin always has their own. */
  picksSchool: boolean;
  /** '' for an Admin (the server uses their school), the chosen school's id, or null until one is chosen. */
  scope: string | null;
}

/** Which school a school-scoped admin screen works on. */
export function useAdminSchoolScope(): AdminSchoolScope {
  const picksSchool = useAuthStore((state) => state.user?.role === PLATFORM_ADMIN_ROLE);
  const chosen = useAdminSchoolStore((state) => state.schoolId);
  return { picksSchool, scope: picksSchool ? chosen : '' };
}
