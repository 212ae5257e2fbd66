import type { Passkey } from '#protocol/passkeys';
import { createCollectionStore } from '../../stores/collection';
import { createPasskey, deletePasskey, fetchPasskeys } from './passkeysApi';

/** The signed-in user's own passkeys ('Min konto'; scope ''): no events, the page's own writes change it. */
export const usePasskeysStore = createCollectionStore<Passkey>({ fetch: () => fetchPasskeys() });

export const passkeyActions = {
  async add(name: string): Promise<void> {
    usePasskeysStore.getState().put(await createPasskey(name));
  },
  async remove(passkey: Passkey): Promise<void> {
    await deletePasskey(passkey.id);
    usePasskeysStore.getState().remove(passkey.id);
  },
};
