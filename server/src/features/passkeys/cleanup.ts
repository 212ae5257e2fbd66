import { PasskeyChallenge, PasskeyModel } from '../../core/accounts/passkeyModel';
import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';

/** A removed user's passkeys go (a device that still holds one signs in nobody), and their open challenges. */
export function registerPasskeyCleanup(): void {
  onUsersRemoved('passkeys', {
    models: [PasskeyModel.modelName, PasskeyChallenge.modelName],
    async remove(users) {
      await PasskeyModel.deleteMany(ofUsers(users));
      await PasskeyChallenge.deleteMany(ofUsers(users));
    },
  });
}
