import { useEffect } from 'react';
import { mayConnect, startRealtime, stopRealtime } from '../../realtime/socket';
import { useAuthStore } from '../../stores/authStore';
import { useInactivityLogout } from './useInactivityLogout';
import { useMeRefresh } from './useMeRefresh';

/** Background work of a signed-in session: /me polling, inactivity logout, the live socket. */
export function SessionRuntime() {
  // A new status or role needs a new handshake: the server picks the socket's rooms there.
  const connectionKey = useAuthStore((state) =>
    mayConnect(state.user) ? `${state.user?.id}:${state.user?.status}:${state.user?.role}` : null,
  );
  useMeRefresh();
  useInactivityLogout();
  useEffect(() => {
    if (!connectionKey) return;
    startRealtime();
    return stopRealtime;
  }, [connectionKey]);
  return null;
}
