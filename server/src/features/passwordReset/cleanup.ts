import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';
import { PasswordResetModel } from './model';

/** A removed user's unused reset link goes with them. */
export function registerPasswordResetCleanup(): void {
  onUsersRemoved('passwordReset', {
    models: [PasswordResetModel.modelName],
    remove: async (users) => void (await PasswordResetModel.deleteMany(ofUsers(users))),
  });
}
