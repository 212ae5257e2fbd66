import { useEffect } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { LoadStatus } from './collection';

/** What every loadable store has: a list (collection.ts) and a snapshot (snapshot.ts) alike. */
interface Loadable {
  scope: string | null;
  status: LoadStatus;
  loaded: boolean;
  copiedAt: string | null;
  ensure(scope: string): Promise<void>;
  reload(): Promise<void>;
}

export interface LoadState {
  /** A snapshot of this scope has arrived (a reload keeps showing it). */
  loaded: boolean;
  /** The last load failed and nothing of the scope is shown. */
  failed: boolean;
  /** When what is shown was fetched, if it is this device's copy (off line after a reload); null when it is fresh. */
  copiedAt: string | null;
  /** Asks again ('Prøv igjen'). */
  retry(): void;
}

/**
 * The one way a screen says it needs a store's data: for this scope (a school, 'school|day', ''
 * for the caller's own school; null while the screen cannot tell yet). The store loads it once,
 * however many screens ask, keeps it live by its events and fetches it again after a reconnect.
 * The screen then selects what it shows from the store.
 */
export function useLoaded<S extends Loadable>(useStore: UseBoundStore<StoreApi<S>>, scope: string | null): LoadState {
  useEffect(() => {
    if (scope !== null) void useStore.getState().ensure(scope);
  }, [useStore, scope]);
  // Until the store has taken the new scope, what it holds is another scope's.
  const loaded = useStore((state) => state.scope === scope && state.loaded);
  const failed = useStore((state) => state.scope === scope && !state.loaded && state.status === 'error');
  const copiedAt = useStore((state) => (state.scope === scope ? state.copiedAt : null));
  return { loaded, failed, copiedAt, retry: () => void useStore.getState().reload() };
}
