import { ApprovedRoutes } from './ApprovedRoutes';
import { DeactivatedPage, PendingPage } from './features/auth/AccountStatusPage';
import { RoleChangeRedirect } from './features/auth/RoleChangeRedirect';
import { SessionRuntime } from './features/auth/SessionRuntime';
import { useAuthStore } from './stores/authStore';

/**
 * Everything behind sign-in, in a chunk of its own: the sign-in pages load neither the screens nor
 * the live socket (issue 12: a phone on a slow line gets the login page first).
 */
export default function SignedInApp() {
  const status = useAuthStore((state) => state.user?.status);
  return (
    <>
      <SessionRuntime />
      <RoleChangeRedirect />
      {status === 'approved' ? <ApprovedRoutes /> : status === 'pending' ? <PendingPage /> : <DeactivatedPage />}
    </>
  );
}

