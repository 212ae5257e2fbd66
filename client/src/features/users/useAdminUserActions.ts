import type { Role, User } from '#protocol';
import { approveUser, changeUserRole, deactivateUser, deleteUser, rejectUser } from '../../api/users';
import { useUsersStore } from '../../stores/usersStore';
import { useItemActions } from '../../ui/useItemActions';

/**
 * The actions on a user of the users screen (spec §8 Admin toasts), for an Admin and for the
 * Plattformadministrator on the chosen school. The response goes into the store at once;
 * the event that follows carries the same data, so every window converges.
 */
export function useAdminUserActions() {
  const { isBusy, run: runOn } = useItemActions();
  const run = <T,>(user: User, call: () => Promise<T>, apply: (result: T) => void, success: string, failure: string) =>
    runOn(user.id, call, { apply, success, failure });

  const put = (updated: User) => useUsersStore.getState().put(updated);
  const remove = ({ id }: { id: string }) => useUsersStore.getState().remove(id);

  return {
    isBusy: (user: User) => isBusy(user.id),
    approve: (user: User) => run(user, () => approveUser(user), put, 'Bruker godkjent', 'Kunne ikke godkjenne bruker'),
    reject: (user: User) => run(user, () => rejectUser(user), remove, 'Bruker avvist', 'Kunne ikke avvise bruker'),
    deactivate: (user: User) =>
      run(user, () => deactivateUser(user), put, 'Bruker deaktivert', 'Kunne ikke deaktivere bruker'),
    changeRole: (user: User, role: Role) =>
      run(user, () => changeUserRole(user, role), put, 'Brukerrolle oppdatert', 'Kunne ikke oppdatere brukerrolle'),
    remove: (user: User) => run(user, () => deleteUser(user), remove, 'Bruker slettet', 'Kunne ikke slette bruker'),
  };
}

export type AdminUserActions = ReturnType<typeof useAdminUserActions>;
