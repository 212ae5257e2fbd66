import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { PasskeyModel } from '../../core/accounts/passkeyModel';
import { TotpModel } from '../../core/accounts/totpModel';
import { forgetTrustedDevices } from '../../core/accounts/trustedDeviceModel';
import { signInMethodsChanged } from './service';
import type { UserRecord } from '../../core/accounts/userModel';

/**
 * A password change or reset that asked for it (issue 43): every passkey and the authenticator app
 * go, so someone who had got in and enrolled their own factor keeps nothing. Answers whether any
 * was there; only then is it audited and told.
 */
export async function removeAllFactors(user: Pick<UserRecord, '_id' | 'name' | 'role' | 'schoolId'>, realtime: Realtime): Promise<boolean> {
  const passkeys = await PasskeyModel.deleteMany({ userId: user._id });
  const totp = await TotpModel.deleteMany({ userId: user._id });
  await forgetTrustedDevices(user._id);
  if (passkeys.deletedCount === 0 && totp.deletedCount === 0) return false;
  await audit(user, 'user.factorsRemoved', {
    id: user._id,
    name: user.name,
    schoolId: user.schoolId,
    detail: `${passkeys.deletedCount} ${passkeys.deletedCount === 1 ? 'passnøkkel' : 'passnøkler'}${totp.deletedCount > 0 ? ' og autentiseringsappen' : ''}`,
  });
  await signInMethodsChanged(realtime, user._id, { passkeyCount: 0 });
  await signInMethodsChanged(realtime, user._id, { authenticatorApp: false });
  return true;
}
