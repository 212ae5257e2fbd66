import type { Role, User } from '#protocol';
import { serverMessage } from '../../api/http';
import { platformUserActions } from './platformStore';
import { useItemActions } from '../../ui/useItemActions';

/** Platform failures (spec §8): 'Feil' with the server's message, or the fallback. */
const PLATFORM_FAILURE = (fallback: string) => ({ failure: 'Feil', detail: (error: unknown) => serverMessage(error, fallback) });

/** The Plattformadministrator's actions on a user (spec §8 Platform toasts). */
export function usePlatformUserActions() {
  const { isBusy, run } = useItemActions();

  /** True when the change was made. */
  const update = (user: User, action: () => Promise<void>) =>
    run(user.id, action, { success: 'Bruker oppdatert', ...PLATFORM_FAILURE('Kunne ikke oppdatere bruker') });

  return {
    isBusy: (user: User) => isBusy(user.id),
    changeRole: (user: User, role: Role) => update(user, () => platformUserActions.changeRole(user, role)),
    setStatus: (user: User, status: 'approved' | 'deactivated') => update(user, () => platformUserActions.setStatus(user, status)),
    transfer: (user: User, schoolId: string) => update(user, () => platformUserActions.transfer(user, schoolId)),
    remove: (user: User) =>
      run(user.id, () => platformUserActions.remove(user), { success: 'Bruker slettet', ...PLATFORM_FAILURE('Kunne ikke slette bruker') }),
  };
}

export type PlatformUserActions = ReturnType<typeof usePlatformUserActions>;
