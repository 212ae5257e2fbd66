import type { Passkey } from '#protocol/passkeys';
import { useAuthStore } from '../../stores/authStore';
import { createCollectionStore } from '../../stores/collection';
import { notePasskeyOnDevice } from '../../stores/rememberedAccount';
import { createPasskey, deletePasskey, fetchPasskeys } from './passkeysApi';

/** The signed-in user's own passkeys ('Min konto'; scope ''): no events, the page's own writes change it. */
export const usePasskeysStore = createCollectionStore<Passkey>({ fetch: () => fetchPasskeys() });

const signedInEmail = () => useAuthStore.getState().user?.email;

export const passkeyActions = {
  /** A new passkey on this device: the sign-in page offers it first from now on (issue 44). */
  async add(name: string): Promise<void> {
    usePasskeysStore.getState().put(await createPasskey(name));
    const email = signedInEmail();
    if (email) notePasskeyOnDevice(email, true);
  },
  async remove(passkey: Passkey): Promise<void> {
    await deletePasskey(passkey.id);
    usePasskeysStore.getState().remove(passkey.id);
    const email = signedInEmail();
    if (email && Object.keys(usePasskeysStore.getState().byId).length === 0) notePasskeyOnDevice(email, false);
  },
};
