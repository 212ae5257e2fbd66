import type { Role, User } from '#protocol';
import {
  approveUser,
  changeUserRole,
  deactivateUser,
  deleteUser,
  fetchSchoolUsers,
  reactivateUser,
  rejectUser,
  unlinkIdentity,
} from './usersApi';
import { createCollectionStore, type CollectionState } from '../../stores/collection';

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

// The Admin's actions on a user of the school. Each calls the server and puts its answer in the
// list at once; the event that follows carries the same, so every window converges.
const saved = async (answer: Promise<User>): Promise<void> => useUsersStore.getState().put(await answer);
const gone = async (answer: Promise<{ id: string }>): Promise<void> => useUsersStore.getState().remove((await answer).id);

export const userActions = {
  approve: (user: User) => saved(approveUser(user)),
  reject: (user: User) => gone(rejectUser(user)),
  deactivate: (user: User) => saved(deactivateUser(user)),
  reactivate: (user: User) => saved(reactivateUser(user)),
  changeRole: (user: User, role: Role) => saved(changeUserRole(user, role)),
  remove: (user: User) => gone(deleteUser(user)),
  unlink: (user: User, providerId: string) => saved(unlinkIdentity(user, providerId)),
};
