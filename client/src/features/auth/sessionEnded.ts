import type { SessionEndReason } from '#protocol/sessionEnd';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { useAuthStore } from '../../stores/authStore';

/**
 * The server is closing this user's connections, and says why (issue 27: no dead screen): the
 * screen signs out to the sign-in page, which says why. A new role, school or approval ends the
 * session too (issue 43): the next sign-in asks for what the new rights need.
 */
export function sessionEnded(reason: SessionEndReason): void {
  void useAuthStore.getState().signOut(reason);
}

export const sessionEndEvents: EventHandlers<'session.ended'> = {
  'session.ended': ({ reason }) => sessionEnded(reason),
};
registerEventHandlers(sessionEndEvents);
