import { RELOADING_REASONS, SESSION_END_TEXTS, type SessionEndReason } from '#protocol/sessionEnd';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../ui/toastStore';

/**
 * The server is closing this user's connections, and says why (issue 27: no dead screen). A new
 * role or school keeps them signed in: the connection's recheck of /me brings the new identity,
 * which reloads every screen (SignedInApp keys them by it). Anything else signs out to the
 * sign-in page, which says why.
 */
export function sessionEnded(reason: SessionEndReason): void {
  if (RELOADING_REASONS.includes(reason)) {
    toast({ title: SESSION_END_TEXTS[reason] });
    return;
  }
  void useAuthStore.getState().signOut(reason);
}

export const sessionEndEvents: EventHandlers<'session.ended'> = {
  'session.ended': ({ reason }) => sessionEnded(reason),
};
registerEventHandlers(sessionEndEvents);
