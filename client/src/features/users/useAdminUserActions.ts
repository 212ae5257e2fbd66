import type { Role, User } from '#protocol';
import { userActions } from './usersStore';
import { useItemActions } from '../../ui/useItemActions';

/**
 * The actions on a user of the users screen (spec §8 Admin toasts), for an Admin and for the
 * Plattformadministrator on the chosen school: one at a time per user, each told in a toast.
 */
export function useAdminUserActions() {
  const { isBusy, run: runOn } = useItemActions();
  const run = (user: User, action: () => Promise<void>, success: string, failure: string) => runOn(user.id, action, { success, failure });

  return {
    isBusy: (user: User) => isBusy(user.id),
    approve: (user: User) => run(user, () => userActions.approve(user), 'Bruker godkjent', 'Kunne ikke godkjenne bruker'),
    reject: (user: User) => run(user, () => userActions.reject(user), 'Bruker avvist', 'Kunne ikke avvise bruker'),
    deactivate: (user: User) => run(user, () => userActions.deactivate(user), 'Bruker deaktivert', 'Kunne ikke deaktivere bruker'),
    reactivate: (user: User) => run(user, () => userActions.reactivate(user), 'Bruker aktivert', 'Kunne ikke aktivere bruker'),
    changeRole: (user: User, role: Role) =>
      run(user, () => userActions.changeRole(user, role), 'Brukerrolle oppdatert', 'Kunne ikke oppdatere brukerrolle'),
    remove: (user: User) => run(user, () => userActions.remove(user), 'Bruker slettet', 'Kunne ikke slette bruker'),
    unlink: (user: User, provider: { id: string; name: string }) =>
      run(
        user,
        () => userActions.unlink(user, provider.id),
        `Koblingen til ${provider.name} er fjernet`,
        `Kunne ikke fjerne koblingen til ${provider.name}`,
      ),
  };
}

export type AdminUserActions = ReturnType<typeof useAdminUserActions>;
