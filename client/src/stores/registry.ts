/** Stores holding server data register here, so reconnects and sign-out reach all of them. */
export interface CachedStore {
  /** Refetch only if the data was loaded before: a missed event heals itself. */
  refetchIfLoaded(): void;
  /** Forget everything (sign-out, role change). */
  reset(): void;
}

const stores = new Set<CachedStore>();

export function registerStore(store: CachedStore): void {
  stores.add(store);
}

/** A store of one loadable thing: reloaded on reconnect if it had been asked for, emptied at sign-out. */
interface LoadableState {
  status: string;
  reload(): Promise<unknown>;
  reset(): void;
}

export function registerLoadable(useStore: { getState(): LoadableState }): void {
  registerStore({
    refetchIfLoaded() {
      const { status, reload } = useStore.getState();
      if (status === 'ready' || status === 'error') void reload();
    },
    reset() {
      useStore.getState().reset();
    },
  });
}

export function refetchLoadedStores(): void {
  for (const store of stores) store.refetchIfLoaded();
}

export function resetStores(): void {
  for (const store of stores) store.reset();
}
