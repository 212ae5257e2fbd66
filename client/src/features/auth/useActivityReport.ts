import { useEffect } from 'react';
import { messageSchema } from '#protocol/common';
import { request } from '../../api/http';
import { activityReporter } from './activityReporter';
import { ACTIVITY_EVENTS } from './useInactivityLogout';

/** Tells the server of the person's activity (activityReporter.ts), on the same events as the inactivity logout. Mount only while signed in. */
export function useActivityReport(): void {
  useEffect(() => {
    // A report that fails changes nothing here: the inactivity logout and the next request say what the server thinks.
    const reporter = activityReporter(() => void request('POST', '/api/auth/activity', messageSchema).catch(() => undefined));
    const onActivity = () => reporter.activity();
    const options = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    return () => {
      reporter.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, []);
}
