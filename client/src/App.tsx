import { lazy, Suspense, useEffect, useState } from 'react';
import { SignedOutRoutes } from './features/auth/SignedOutRoutes';
import { loadedSignedInApp, loadSignedInApp } from './signedInChunk';
import { useAuthStore } from './stores/authStore';
import { LoadingScreen } from './ui/LoadingScreen';

const LazySignedInApp = lazy(loadSignedInApp);

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

/** The signed-in screens, drawn at once when their chunk is already here; chosen once, so they are never drawn anew. */
function SignedInApp() {
  const [Screens] = useState(() => loadedSignedInApp() ?? LazySignedInApp);
  return <Screens />;
}
