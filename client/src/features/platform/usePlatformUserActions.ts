import { useState } from 'react';
import type { Role, User } from '../../../../protocol/src';
import { deletePlatformUser, setPlatformUserRole, setPlatformUserStatus, transferPlatformUser } from '../../api/platform';
import { usePlatformUsersStore } from '../../stores/platformStore';
import { toast } from '../../ui/toastStore';
import { platformFailure } from './platformToasts';

/** The Plattformadministrator's actions on a user (spec §8 Platform toasts). */
export function usePlatformUserActions() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  /** True when the change was made. */
  async function update(user: User, call: () => Promise<User>): Promise<boolean> {
    if (busy.has(user.id)) return false;
    setBusy((current) => new Set(current).add(user.id));
    try {
      usePlatformUsersStore.getState().put(await call());
      toast({ title: 'Bruker oppdatert' });
      return true;
    } catch (error) {
      platformFailure(error, 'Kunne ikke oppdatere bruker');
      return false;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(user.id);
        return next;
      });
    }
  }

  return {
    isBusy: (user: User) => busy.has(user.id),
    changeRole: (user: User, role: Role) => update(user, () => setPlatformUserRole(user.id, role)),
    setStatus: (user: User, status: 'approved' | 'deactivated') => update(user, () => setPlatformUserStatus(user.id, status)),
    transfer: (user: User, schoolId: string) => update(user, () => transferPlatformUser(user.id, schoolId)),
    async remove(user: User): Promise<void> {
      try {
        usePlatformUsersStore.getState().remove((await deletePlatformUser(user.id)).id);
        toast({ title: 'Bruker slettet' });
      } catch (error) {
        platformFailure(error, 'Kunne ikke slette bruker');
      }
    },
  };
}

export type PlatformUserActions = ReturnType<typeof usePlatformUserActions>;
