import { Suspense, useEffect } from 'react';
import { SignedOutRoutes } from './features/auth/SignedOutRoutes';
import { useOpenFromNotification } from './features/push/useOpenFromNotification';
import { SignedInScreens } from './signedInChunk';
import { useAuthStore } from './stores/authStore';
import { LoadingScreen } from './ui/LoadingScreen';

/** Guards by session phase; account status and role guards live in the signed-in chunk. */
export function App() {
  const phase = useAuthStore((state) => state.phase);
  const refreshMe = useAuthStore((state) => state.refreshMe);
  useOpenFromNotification();

  useEffect(() => {
    void refreshMe({ force: true });
  }, [refreshMe]);

  if (phase === 'checking') return <LoadingScreen />;
  if (phase === 'signedOut') return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInScreens />
    </Suspense>
  );
}
