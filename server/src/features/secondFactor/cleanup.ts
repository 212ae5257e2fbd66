import { PendingSignIn, TotpModel } from '../../core/accounts/totpModel';
import { TrustedDeviceModel } from '../../core/accounts/trustedDeviceModel';
import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';

/** A removed user's authenticator app, any sign-in waiting for its code, and the devices that skip it go. */
export function registerSecondFactorCleanup(): void {
  onUsersRemoved('secondFactor', {
    models: [TotpModel.modelName, PendingSignIn.modelName, TrustedDeviceModel.modelName],
    async remove(users) {
      await TotpModel.deleteMany(ofUsers(users));
      await PendingSignIn.deleteMany(ofUsers(users));
      await TrustedDeviceModel.deleteMany(ofUsers(users));
    },
  });
}
