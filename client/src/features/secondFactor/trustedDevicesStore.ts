import type { TrustedDevice } from '#protocol/trustedDevices';
import { createCollectionStore } from '../../stores/collection';
import { fetchTrustedDevices, removeTrustedDevice } from './trustedDevicesApi';

/** The devices that skip the app's code ('Huskede enheter' on Min konto; scope ''): the page's own writes change it. */
export const useTrustedDevicesStore = createCollectionStore<TrustedDevice>({ fetch: () => fetchTrustedDevices() });

export const trustedDeviceActions = {
  async remove(device: TrustedDevice): Promise<string> {
    const { message } = await removeTrustedDevice(device.id);
    useTrustedDevicesStore.getState().remove(device.id);
    return message;
  },
};
