import { create } from 'zustand';
import type { LoadStatus } from './collection';
import { sameData } from './byId';
import { registerLoadable } from './registry';
import { isOffline, keepCopy, mayShowCopy, readCopy, type KeptOnDevice } from './deviceCopies';

export interface SnapshotState<T> {
  data: T | null;
  status: LoadStatus;
  loaded: boolean;
  /** When the data shown was fetched, if it is this device's copy from before the reload (off line); null when it is fresh. */
  copiedAt: string | null;
  /** What the data belongs to (e.g. 'schoolId|day'); a new scope forgets the old data. */
  scope: string | null;
  ensure(scope: string): Promise<void>;
  /** Asks again, even if a load is on its way (it may predate the change that prompted this). */
  reload(): Promise<void>;
  /** A whole new snapshot from an event: shown at once; a load in flight is asked again. */
  receive(data: T): void;
  reset(): void;
}

/**
 * Server data that arrives whole (a day's sick list, the board's rounds), not item by item.
 * A snapshot event that arrives while a load is in flight cannot be ordered against it, so the
 * event is shown and the load is started again: that answer is at least as new as the event.
 */
export function createSnapshotStore<T>(
  fetch: (scope: string) => Promise<T | null>,
  {
    keptLive = true,
    keptOnDevice,
  }: {
    /** False for data no event keeps up to date (the audit trail): every screen that asks for it gets it fresh. */
    keptLive?: boolean;
    /** A list of the board, shown from the device's last copy when the server cannot be reached (deviceCopies.ts). */
    keptOnDevice?: KeptOnDevice<T>;
  } = {},
) {
  let generation = 0;
  let inFlight: Promise<void> | null = null;

  const useStore = create<SnapshotState<T>>()((set, get) => {
    /** Nothing of the scope shown yet: the device's copy of it, if it has one. */
    function showCopy(scope: string): void {
      const copy = keptOnDevice && !get().loaded ? readCopy(keptOnDevice, scope) : null;
      if (copy) set({ data: copy.data, loaded: true, copiedAt: copy.fetchedAt });
    }

    function fresh(scope: string, data: T | null): void {
      if (keptOnDevice && data !== null) keepCopy(keptOnDevice, scope, data);
    }

    function start(scope: string): Promise<void> {
      generation += 1;
      const started = generation;
      set({ status: 'loading', scope });
      if (isOffline()) showCopy(scope);
      const request: Promise<void> = fetch(scope)
        .then((data) => {
          if (started !== generation) return;
          // The same answer again (a reconnect's refetch) keeps the shown object: nothing is drawn anew.
          set({ data: sameData(get().data, data) ? get().data : data, status: 'ready', loaded: true, copiedAt: null });
          fresh(scope, data);
        })
        .catch((error: unknown) => {
          if (started !== generation) return;
          if (mayShowCopy(error)) showCopy(scope);
          set({ status: 'error' });
        })
        .finally(() => {
          if (inFlight === request) inFlight = null;
        });
      inFlight = request;
      return request;
    }

    return {
      data: null,
      status: 'idle',
      loaded: false,
      copiedAt: null,
      scope: null,

      ensure(scope) {
        if (get().scope !== scope) {
          generation += 1;
          inFlight = null;
          set({ data: null, status: 'idle', loaded: false, copiedAt: null, scope });
        }
        const { status } = get();
        if (status === 'idle' || (!keptLive && status !== 'loading')) return start(scope);
        return inFlight ?? Promise.resolve();
      },

      reload() {
        const { scope } = get();
        // Always a new request: a load already on its way may have been answered before the change.
        return scope === null ? Promise.resolve() : start(scope);
      },

      receive(data) {
        const { scope, status } = get();
        if (scope === null) return;
        set({ data, loaded: true, copiedAt: null, status: status === 'loading' ? 'loading' : 'ready' });
        fresh(scope, data);
        if (status === 'loading') void start(scope);
      },

      reset() {
        generation += 1;
        inFlight = null;
        set({ data: null, status: 'idle', loaded: false, copiedAt: null, scope: null });
      },
    };
  });

  registerLoadable(useStore);

  return useStore;
}
