import { messageSchema, type Message } from '#protocol/common';
import { recoveryCodesSchema, totpSetupSchema, totpStatusSchema, type RecoveryCodes, type TotpSetup, type TotpStatus } from '#protocol/secondFactor';
import { getData, request } from '../../api/http';

/** The authenticator app on 'Min konto' (issue 33). */
export function fetchTotpStatus(): Promise<TotpStatus | null> {
  return getData('/api/account/totp', totpStatusSchema);
}

export function beginTotpSetup(): Promise<TotpSetup> {
  return request('POST', '/api/account/totp/setup', totpSetupSchema);
}

export function confirmTotpSetup(code: string): Promise<RecoveryCodes> {
  return request('POST', '/api/account/totp/confirm', recoveryCodesSchema, { code });
}

export function turnTotpOff(code: string): Promise<Message> {
  return request('POST', '/api/account/totp/disable', messageSchema, { code });
}
