import { PendingSignIn, TotpModel } from '../../core/accounts/totpModel';
import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';

/** A removed user's authenticator app and any sign-in waiting for its code go. */
export function registerSecondFactorCleanup(): void {
  onUsersRemoved('secondFactor', {
    models: [TotpModel.modelName, PendingSignIn.modelName],
    async remove(users) {
      await TotpModel.deleteMany(ofUsers(users));
      await PendingSignIn.deleteMany(ofUsers(users));
    },
  });
}
