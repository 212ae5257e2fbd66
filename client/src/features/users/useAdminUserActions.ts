import { useState } from 'react';
import type { Role, User } from '../../../../protocol/src';
import { approveUser, changeUserRole, deactivateUser, deleteUser, rejectUser } from '../../api/users';
import { serverMessage } from '../../api/http';
import { useUsersStore } from '../../stores/usersStore';
import { failureToast, toast } from '../../ui/toastStore';

/**
 * The actions on a user of the users screen (spec §8 Admin toasts), for an Admin and for the
 * Plattformadministrator on the chosen school. The response goes into the store at once;
 * the event that follows carries the same data, so every window converges.
 */
export function useAdminUserActions() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  async function run<T>(user: User, call: () => Promise<T>, apply: (result: T) => void, success: string, failure: string) {
    if (busy.has(user.id)) return;
    setBusy((current) => new Set(current).add(user.id));
    try {
      apply(await call());
      toast({ title: success });
    } catch (error) {
      failureToast(failure, serverMessage(error, ''));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(user.id);
        return next;
      });
    }
  }

  const put = (updated: User) => useUsersStore.getState().put(updated);
  const remove = ({ id }: { id: string }) => useUsersStore.getState().remove(id);

  return {
    isBusy: (user: User) => busy.has(user.id),
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
