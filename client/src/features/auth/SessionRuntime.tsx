import { useEffect } from 'react';
import { mayConnect, startRealtime, stopRealtime } from '../../realtime/socket';
import { useAuthStore } from '../../stores/authStore';
import { flushOutbox, openOutbox } from '../../stores/outbox';
import { useActivityReport } from './useActivityReport';
import { useInactivityLogout } from './useInactivityLogout';
import { useMeRefresh } from './useMeRefresh';

/** Background work of a signed-in session: /me polling, inactivity logout and the server told of activity, the live socket. */
export function SessionRuntime() {
  // A new status or role needs a new handshake: the server picks the socket's rooms there.
  const connectionKey = useAuthStore((state) =>
    mayConnect(state.user) ? `${state.user?.id}:${state.user?.status}:${state.user?.role}` : null,
  );
  useMeRefresh();
  useInactivityLogout();
  useActivityReport();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  useEffect(() => {
    if (!connectionKey) return;
    startRealtime();
    return stopRealtime;
  }, [connectionKey]);
  // What was done off line, on this device, goes out once the network is back.
  useEffect(() => {
    if (!userId) return;
    openOutbox(userId);
    const online = () => void flushOutbox();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [userId, connectionKey]);
  return null;
}
