import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';
import { onSchoolRemoved } from '../../core/removal/schoolRemoval';
import { PushSubscriptionModel } from './model';
import { onAccessChanged } from '../../core/sessions/accessChanges';
import { removeSchoolSubscriptions, subscriptionsAfterAccountChange } from './subscriptions';

/**
 * A removed user's devices, and a removed school's, get no more notifications; a user whose
 * access changed keeps only what the new access allows.
 */
export function registerPushCleanup(): void {
  onAccessChanged('push', ({ userId, reason, roleNow }) => subscriptionsAfterAccountChange(userId, reason, roleNow));
  onUsersRemoved('push', {
    models: [PushSubscriptionModel.modelName],
    remove: async (users) => void (await PushSubscriptionModel.deleteMany(ofUsers(users))),
  });
  onSchoolRemoved('push', {
    models: [PushSubscriptionModel.modelName],
    remove: ({ schoolId }) => removeSchoolSubscriptions(schoolId),
  });
}
