import { useEffect } from 'react';
import { ApprovedRoutes } from './ApprovedRoutes';
import { DeactivatedPage, PendingPage } from './features/auth/AccountStatusPage';
import { RoleChangeRedirect } from './features/auth/RoleChangeRedirect';
import { SessionRuntime } from './features/auth/SessionRuntime';
import { SignedOutRoutes } from './features/auth/SignedOutRoutes';
import { useAuthStore } from './stores/authStore';
import { LoadingScreen } from './ui/LoadingScreen';

/** Guards by session phase and account status; the role guards live in ApprovedRoutes. */
export function App() {
  const phase = useAuthStore((state) => state.phase);
  const status = useAuthStore((state) => state.user?.status);

  useEffect(() => {
    void useAuthStore.getState().refreshMe({ force: true });
  }, []);

  if (phase === 'checking') return <LoadingScreen />;
  if (phase === 'signedOut') return <SignedOutRoutes />;
  return (
    <>
      <SessionRuntime />
      <RoleChangeRedirect />
      {status === 'approved' ? <ApprovedRoutes /> : status === 'pending' ? <PendingPage /> : <DeactivatedPage />}
    </>
  );
}
