import type { User } from '#protocol';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { useAuthStore } from '../../stores/authStore';
import { useUsersStore } from './usersStore';

// A change to my own account (approval, new role, deletion): /me is the authority (a 401 signs out,
// a new role re-routes); the session then reconnects, as the server picks a socket's rooms at the handshake.
function ownAccountChanged(): void {
  void useAuthStore.getState().refreshMe({ force: true });
}

const isMe = (id: string) => id === useAuthStore.getState().user?.id;

function userChanged(user: User): void {
  useUsersStore.getState().put(user);
  if (isMe(user.id)) ownAccountChanged();
}

/** Users of a school (the users screen) and my own account; the platform's list keeps its own (platformStore.ts). */
export const userEvents: EventHandlers<'users.registered' | 'users.created' | 'users.updated' | 'users.deleted'> = {
  'users.registered': userChanged,
  'users.created': userChanged,
  'users.updated': userChanged,
  'users.deleted': ({ id }) => {
    useUsersStore.getState().remove(id);
    if (isMe(id)) ownAccountChanged();
  },
};
registerEventHandlers(userEvents);
