import type { AccountSession } from '#protocol/accountSessions';
import { createCollectionStore } from '../../stores/collection';
import { endAccountSession, fetchAccountSessions } from './accountSessionsApi';

/** The person's own sessions ('Innlogginger' on Min konto; scope ''): fetched again after one is ended. */
export const useAccountSessionsStore = createCollectionStore<AccountSession>({ fetch: () => fetchAccountSessions() });

export const accountSessionActions = {
  async end(session: AccountSession): Promise<string> {
    const { message } = await endAccountSession(session.id);
    useAccountSessionsStore.getState().remove(session.id);
    await useAccountSessionsStore.getState().reload();
    return message;
  },
};
