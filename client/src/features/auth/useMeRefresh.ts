import { useEffect } from 'react';
import { ME_REFETCH_MS } from '../../config';
import { useAuthStore } from '../../stores/authStore';

/** Refetches the current user every 5 minutes while signed in; no refetch on window focus. */
export function useMeRefresh(): void {
  const refreshMe = useAuthStore((state) => state.refreshMe);
  useEffect(() => {
    const interval = setInterval(() => void refreshMe(), ME_REFETCH_MS);
    return () => clearInterval(interval);
  }, [refreshMe]);
}
