import { useEffect } from 'react';
import { mayRole, POLICY } from '#protocol';
import { useAuthStore } from '../../stores/authStore';
import { beforeSignOut } from '../../stores/signOutTasks';
import { forgetDeviceAtSignOut, syncPush } from './pushStore';

// Signing out of this device ends its notifications for the user leaving it, in the browser and on the server.
beforeSignOut(forgetDeviceAtSignOut);

/**
 * Mounted with the signed-in app: once per signed-in user (of a role that gets notifications), the
 * subscription this browser already has is sent to the server, which makes it this user's.
 */
export function PushSync() {
  const role = useAuthStore((state) => (state.user?.status === 'approved' ? state.user.role : null));
  const userId = useAuthStore((state) => state.user?.id ?? null);
  useEffect(() => {
    if (role && userId && mayRole(POLICY.pushNotifications.change, role)) void syncPush(role);
  }, [role, userId]);
  return null;
}
