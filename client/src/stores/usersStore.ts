import type { User } from '#protocol';
import { fetchSchoolUsers } from '../api/users';
import { createCollectionStore, type CollectionState } from './collection';

/**
 * The users of one school (GET /api/admin/users: every status), scoped by that school's id: the
 * Admin's own, or the Plattformadministrator's chosen one. The pending tab and the menu's count are the users with status pending.
 * A user transferred to another school arrives as users.updated with the new schoolId and drops out.
 */
export const useUsersStore = createCollectionStore<User>({
  fetch: (schoolId) => fetchSchoolUsers(schoolId),
  belongs: (user, schoolId) => user.schoolId === schoolId,
});

export const selectPendingCount = (state: CollectionState<User>): number =>
  Object.values(state.byId).reduce((count, user) => count + (user.status === 'pending' ? 1 : 0), 0);
