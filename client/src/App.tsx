import { lazy, Suspense, useEffect } from 'react';
import { SignedOutRoutes } from './features/auth/SignedOutRoutes';
import { loadSignedInApp } from './signedInChunk';
import { useAuthStore } from './stores/authStore';
import { readStoredUser } from './stores/authStorage';
import { LoadingScreen } from './ui/LoadingScreen';

const SignedInApp = lazy(loadSignedInApp);
// Someone signed in on this browser before: fetch the screens while /me is asked, not after.
if (readStoredUser()) void loadSignedInApp();

/** Guards by session phase; account status and role guards live in the signed-in chunk. */
export function App() {
  const phase = useAuthStore((state) => state.phase);
  const refreshMe = useAuthStore((state) => state.refreshMe);

  useEffect(() => {
    void refreshMe({ force: true });
  }, [refreshMe]);

  if (phase === 'checking') return <LoadingScreen />;
  if (phase === 'signedOut') return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp />
    </Suspense>
  );
}
