import { useEffect } from 'react';
import { INACTIVITY_MS } from '../../config';
import { useAuthStore } from '../../stores/authStore';

/** What counts as the person's activity, here and in what the server is told (useActivityReport.ts). */
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

/** Signs out after 2 minutes without activity (spec §4). Mount only while signed in. */
export function useInactivityLogout(): void {
  const signOut = useAuthStore((state) => state.signOut);
  useEffect(() => {
    const limit = INACTIVITY_MS;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;

    // Compare with the clock instead of trusting one timeout: a sleeping phone pauses timers.
    const check = () => {
      clearTimeout(timer);
      const idle = Date.now() - lastActivity;
      if (idle >= limit) void signOut('idle');
      else timer = setTimeout(check, limit - idle);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    // Waking the phone must not count as activity before the idle time is checked.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };

    const options = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    document.addEventListener('visibilitychange', onVisibility);
    timer = setTimeout(check, limit);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [signOut]);
}
