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

export function refetchLoadedStores(): void {
  for (const store of stores) store.refetchIfLoaded();
}

export function resetStores(): void {
  for (const store of stores) store.reset();
}
