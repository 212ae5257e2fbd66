import type { Socket } from 'socket.io';
import { appNow } from '../appClock';
import type { Config } from '../config';
import type { AppSessionStore } from '../plugins/session';
import { NO_ORIGIN } from './realtime';
import { liveSession, whyEnded } from './handshake';

/** setTimeout's longest wait; a later end is looked at again when this one fires. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Ends a live connection the moment its session ends without a sign-out: at its idle expiry
 * (unless requests have moved that on, which the session then says) or at its absolute limit.
 * One timer per socket, nothing on the request path.
 */
export function watchSession(
  socket: Socket,
  sessions: AppSessionStore,
  sessionId: string,
  endsAt: Date,
  config: Config,
  onError: (err: unknown) => void,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The end is on the app's clock (handshake.ts): the wait is how far it is from the app's now.
  const schedule = (at: Date) => {
    timer = setTimeout(check, Math.min(MAX_WAIT_MS, Math.max(0, at.getTime() - appNow().getTime())));
  };
  const check = () => {
    liveSession(sessions, sessionId, config).then(async (session) => {
      if (!socket.connected) return;
      if (session) return schedule(session.endsAt);
      const reason = await whyEnded(sessions, sessionId, config);
      if (!socket.connected) return;
      // Its idle time or absolute limit ran out: the screen is told before the close.
      socket.emit('session.ended', { reason }, NO_ORIGIN);
      socket.disconnect(true);
    }, onError);
  };
  socket.once('disconnect', () => clearTimeout(timer));
  schedule(endsAt);
}
