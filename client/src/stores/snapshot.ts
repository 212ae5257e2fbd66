import { create } from 'zustand';
import type { LoadStatus } from './collection';
import { sameData } from './byId';
import { registerLoadable } from './registry';

export interface SnapshotState<T> {
  data: T | null;
  status: LoadStatus;
  loaded: boolean;
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
  /** False for data no event keeps up to date (the audit trail): every screen that asks for it gets it fresh. */
  { keptLive = true }: { keptLive?: boolean } = {},
) {
  let generation = 0;
  let inFlight: Promise<void> | null = null;

  const useStore = create<SnapshotState<T>>()((set, get) => {
    function start(scope: string): Promise<void> {
      generation += 1;
      const started = generation;
      set({ status: 'loading', scope });
      const request: Promise<void> = fetch(scope)
        .then((data) => {
          // The same answer again (a reconnect's refetch) keeps the shown object: nothing is drawn anew.
          if (started === generation) set({ data: sameData(get().data, data) ? get().data : data, status: 'ready', loaded: true });
        })
        .catch(() => {
          if (started === generation) set({ status: 'error' });
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
      scope: null,

      ensure(scope) {
        if (get().scope !== scope) {
          generation += 1;
          inFlight = null;
          set({ data: null, status: 'idle', loaded: false, scope });
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
        set({ data, loaded: true, status: status === 'loading' ? 'loading' : 'ready' });
        if (status === 'loading') void start(scope);
      },

      reset() {
        generation += 1;
        inFlight = null;
        set({ data: null, status: 'idle', loaded: false, scope: null });
      },
    };
  });

  registerLoadable(useStore);

  return useStore;
}
