import { ofUsers, onUsersRemoved } from '../../core/removal/userRemoval';
import { onSchoolRemoved } from '../../core/removal/schoolRemoval';
import { PushSubscriptionModel } from './model';
import { removeSchoolSubscriptions } from './subscriptions';

/** A removed user's devices, and a removed school's, get no more notifications. */
export function registerPushCleanup(): void {
  onUsersRemoved('push', {
    models: [PushSubscriptionModel.modelName],
    remove: async (users) => void (await PushSubscriptionModel.deleteMany(ofUsers(users))),
  });
  onSchoolRemoved('push', {
    models: [PushSubscriptionModel.modelName],
    remove: ({ schoolId }) => removeSchoolSubscriptions(schoolId),
  });
}
