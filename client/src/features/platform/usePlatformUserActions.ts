import type { Role, User } from '#protocol';
import { deletePlatformUser, setPlatformUserRole, setPlatformUserStatus, transferPlatformUser } from '../../api/platform';
import { usePlatformUsersStore } from '../../stores/platformStore';
import { serverMessage } from '../../api/http';
import { useItemActions } from '../../ui/useItemActions';

/** Platform failures (spec §8): 'Feil' with the server's message, or the fallback. */
const PLATFORM_FAILURE = (fallback: string) => ({ failure: 'Feil', detail: (error: unknown) => serverMessage(error, fallback) });

/** The Plattformadministrator's actions on a user (spec §8 Platform toasts). */
export function usePlatformUserActions() {
  const { isBusy, run } = useItemActions();
  const put = (user: User) => usePlatformUsersStore.getState().put(user);

  /** True when the change was made. */
  const update = (user: User, call: () => Promise<User>) =>
    run(user.id, call, { apply: put, success: 'Bruker oppdatert', ...PLATFORM_FAILURE('Kunne ikke oppdatere bruker') });

  return {
    isBusy: (user: User) => isBusy(user.id),
    changeRole: (user: User, role: Role) => update(user, () => setPlatformUserRole(user.id, role)),
    setStatus: (user: User, status: 'approved' | 'deactivated') => update(user, () => setPlatformUserStatus(user.id, status)),
    transfer: (user: User, schoolId: string) => update(user, () => transferPlatformUser(user.id, schoolId)),
    remove: (user: User) =>
      run(user.id, () => deletePlatformUser(user.id), {
        apply: ({ id }) => usePlatformUsersStore.getState().remove(id),
        success: 'Bruker slettet',
        ...PLATFORM_FAILURE('Kunne ikke slette bruker'),
      }),
  };
}

export type PlatformUserActions = ReturnType<typeof usePlatformUserActions>;
