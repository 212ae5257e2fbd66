import { messageSchema, type Message } from '#protocol/common';
import { trustedDevicesSchema, type TrustedDevice } from '#protocol/trustedDevices';
import { getData, request } from '../../api/http';

export function fetchTrustedDevices(): Promise<TrustedDevice[] | null> {
  return getData('/api/account/trusted-devices', trustedDevicesSchema);
}

export function removeTrustedDevice(id: string): Promise<Message> {
  return request('DELETE', `/api/account/trusted-devices/${encodeURIComponent(id)}`, messageSchema);
}
