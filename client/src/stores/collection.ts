import { create } from 'zustand';
import { keepUnchanged, toById, upsert, without, type ById } from './byId';
import { registerLoadable } from './registry';
import { isOffline, keepCopy, mayShowCopy, readCopy, type KeptOnDevice } from './deviceCopies';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CollectionState<T extends { id: string }> {
  byId: ById<T>;
  status: LoadStatus;
  /** True once a snapshot of the current scope has arrived (a reload keeps showing it). */
  loaded: boolean;
  /** When the list shown was fetched, if it is this device's copy from before the reload (off line); null when it is fresh. */
  copiedAt: string | null;
  /** What the data belongs to, e.g. a school id; '' when the server decides (own school). */
  scope: string;
  /** Loads the scope unless it is loaded or loading; a new scope forgets the old data. */
  ensure(scope?: string): Promise<void>;
  /** Fetches the current scope again; concurrent calls share one request. */
  reload(): Promise<void>;
  /** A REST response or an event: the newer version wins (updatedAt). */
  put(item: T): void;
  remove(id: string): void;
  removeWhere(predicate: (item: T) => boolean): void;
  reset(): void;
}

interface CollectionOptions<T> {
  fetch(scope: string): Promise<T[] | null>;
  /** Whether an item belongs to the scope; one that no longer does (moved school) is dropped. */
  belongs?(item: T, scope: string): boolean;
  /** A list of the board, shown from the device's last copy when the server cannot be reached (deviceCopies.ts). */
  keptOnDevice?: KeptOnDevice<T[]>;
}

type Change<T> = (map: ById<T>) => ById<T>;

/**
 * A server list held by id, with the rules every list shares: one request at a time, events that
 * arrive while a load is in flight replayed on its (older) snapshot, a refetch on reconnect for
 * loaded lists, and a reset on sign-out or role change.
 */
export function createCollectionStore<T extends { id: string }>({ fetch, belongs = () => true, keptOnDevice }: CollectionOptions<T>) {
  let inFlight: Promise<void> | null = null;
  let buffered: Change<T>[] = [];
  let generation = 0;

  const useStore = create<CollectionState<T>>()((set, get) => {
    /** The list as the server has it now is kept as the device's copy (not a copy with events applied). */
    function keepIfFresh(): void {
      const { status, copiedAt, scope, byId } = get();
      if (keptOnDevice && status === 'ready' && copiedAt === null) keepCopy(keptOnDevice, scope, Object.values(byId));
    }

    function apply(change: Change<T>): void {
      const { status, loaded, byId } = get();
      // Nothing loaded yet: the coming snapshot includes it anyway.
      if (status === 'loading') buffered.push(change);
      else if (!loaded) return;
      set({ byId: change(byId) });
      keepIfFresh();
    }

    /** Nothing of the scope shown yet: the device's copy of it, if it has one. */
    function showCopy(scope: string): void {
      const copy = keptOnDevice && !get().loaded ? readCopy(keptOnDevice, scope) : null;
      if (copy) set({ byId: toById(copy.data.filter((item) => belongs(item, scope))), loaded: true, copiedAt: copy.fetchedAt });
    }

    function start(scope: string): Promise<void> {
      const started = generation;
      buffered = [];
      set({ status: 'loading', scope });
      if (isOffline()) showCopy(scope);
      const request: Promise<void> = fetch(scope)
        .then((items) => {
          if (started !== generation) return;
          let map = toById((items ?? []).filter((item) => belongs(item, scope)));
          for (const change of buffered) map = change(map);
          set({ byId: keepUnchanged(get().byId, map), status: 'ready', loaded: true, copiedAt: null });
          keepIfFresh();
        })
        .catch((error: unknown) => {
          if (started !== generation) return;
          if (mayShowCopy(error)) showCopy(scope);
          set({ status: 'error' });
        })
        .finally(() => {
          if (inFlight !== request) return;
          inFlight = null;
          buffered = [];
        });
      inFlight = request;
      return request;
    }

    function forget(scope: string): void {
      generation += 1;
      inFlight = null;
      buffered = [];
      set({ byId: {}, status: 'idle', loaded: false, copiedAt: null, scope });
    }

    return {
      byId: {},
      status: 'idle',
      loaded: false,
      copiedAt: null,
      scope: '',

      ensure(scope = '') {
        if (get().scope !== scope) forget(scope);
        if (get().status === 'idle') return start(scope);
        return inFlight ?? Promise.resolve();
      },

      reload() {
        return inFlight ?? start(get().scope);
      },

      put(item) {
        apply((map) => (belongs(item, get().scope) ? upsert(map, item) : without(map, item.id)));
      },

      remove(id) {
        apply((map) => without(map, id));
      },

      removeWhere(predicate) {
        apply((map) => {
          const ids = Object.values(map)
            .filter(predicate)
            .map((item) => item.id);
          return ids.reduce((acc, id) => without(acc, id), map);
        });
      },

      reset() {
        forget('');
      },
    };
  });

  registerLoadable(useStore);

  return useStore;
}
