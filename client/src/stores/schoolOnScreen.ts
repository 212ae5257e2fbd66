import { PLATFORM_ADMIN_ROLE } from '#protocol';
import { useAuthStore } from './authStore';

/**
 * A member hears only their own school; the Plattformadministrator hears every school, so for them
 * an event counts only when it is about the school on screen (every payload names its school).
 * `scope` is what the store holds: '' for a member's own school, else the chosen school's id.
 */
export function aboutSchoolOnScreen(schoolId: string, scope: string | null): boolean {
  return useAuthStore.getState().user?.role !== PLATFORM_ADMIN_ROLE || scope === schoolId;
}
