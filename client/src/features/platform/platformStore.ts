import type { CreateUserBody, Deleted, Role, User } from '#protocol';
import {
  createPlatformUser,
  deletePlatformUser,
  fetchPlatformUsers,
  setPlatformUserRole,
  setPlatformUserStatus,
  transferPlatformUser,
} from './platformApi';
import { createCollectionStore } from '../../stores/collection';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';

/** Every user of every school; the school page shows one school's. */
export const usePlatformUsersStore = createCollectionStore<User>({ fetch: () => fetchPlatformUsers() });

const userChanged = (user: User) => usePlatformUsersStore.getState().put(user);

export const platformUserEvents: EventHandlers<
  'users.registered' | 'users.created' | 'users.updated' | 'users.deleted' | 'schools.deleted'
> = {
  'users.registered': userChanged,
  'users.created': userChanged,
  'users.updated': userChanged,
  'users.deleted': ({ id }) => usePlatformUsersStore.getState().remove(id),
  // A school that is gone takes its users with it.
  'schools.deleted': ({ id }) => usePlatformUsersStore.getState().removeWhere((user) => user.schoolId === id),
};
registerEventHandlers(platformUserEvents);

// The Plattformadministrator's actions on users. Each calls the server and puts its answer in the
// list at once; the event that follows carries the same, so every window converges.
const userSaved = async (answer: Promise<User>): Promise<void> => usePlatformUsersStore.getState().put(await answer);
const userGone = async (answer: Promise<Deleted>): Promise<void> => usePlatformUsersStore.getState().remove((await answer).id);

export const platformUserActions = {
  create: (body: CreateUserBody) => userSaved(createPlatformUser(body)),
  changeRole: (user: User, role: Role) => userSaved(setPlatformUserRole(user.id, role)),
  setStatus: (user: User, status: 'approved' | 'deactivated') => userSaved(setPlatformUserStatus(user.id, status)),
  transfer: (user: User, schoolId: string) => userSaved(transferPlatformUser(user.id, schoolId)),
  remove: (user: User) => userGone(deletePlatformUser(user.id)),
};
