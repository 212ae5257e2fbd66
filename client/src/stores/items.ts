import { useEffect } from 'react';
import { create } from 'zustand';
import { errorCode } from '../api/http';
import { isNotOlder } from './byId';
import { registerStore } from './registry';

/** One item opened by id: on its way, shown, not there (deleted, or an id that cannot exist), or failed. */
export type ItemEntry<T> = { status: 'loading' } | { status: 'ready'; item: T } | { status: 'missing' } | { status: 'error' };

export interface ItemsState<T> {
  byId: Readonly<Record<string, ItemEntry<T>>>;
  /** Loads the item unless it is known or loading; `scope` is the school's ?schoolId= ('' for a member). */
  ensure(id: string, scope: string): Promise<void>;
  load(id: string, scope: string): Promise<void>;
  /** A REST answer or an event: kept only for items someone has opened, and never an older one. */
  put(item: T): void;
  /** Deleted (by an event or by this window): the page says it is not found. */
  remove(id: string): void;
  /** After a reconnect: every item shown (or failed) is asked again, in the scope it was asked in. */
  refetchIfLoaded(): void;
  reset(): void;
}

/**
 * Server data opened one item at a time by id (a single report and its edit page), with the rules
 * such pages share: an answer never replaces a newer event, one asked before a sign-out is moot,
 * a reconnect asks again for what is shown, and sign-out forgets it all. Where the lists of
 * collection.ts and the snapshots of snapshot.ts load a whole scope, this loads what is opened.
 */
export function createItemStore<T extends { id: string }>(fetch: (id: string, scope: string) => Promise<T | null>) {
  const useStore = create<ItemsState<T> & { generation: number; scopes: Readonly<Record<string, string>> }>()((set, get) => ({
    byId: {},
    // Raised by a reset (sign-out): the answers of loads already on their way are moot.
    generation: 0,
    /** The school scope each item was asked for in, to ask again after a reconnect. */
    scopes: {},

    ensure(id, scope) {
      const entry = get().byId[id];
      if (entry && entry.status !== 'error' && get().scopes[id] === scope) return Promise.resolve();
      return get().load(id, scope);
    },

    async load(id, scope) {
      const started = get().generation;
      set((s) => ({ scopes: { ...s.scopes, [id]: scope } }));
      if (get().byId[id]?.status !== 'ready') set((s) => ({ byId: { ...s.byId, [id]: { status: 'loading' } } }));
      let next: ItemEntry<T>;
      try {
        const item = await fetch(id, scope);
        next = item ? { status: 'ready', item } : { status: 'error' };
      } catch (error) {
        // 404 for an item that does not exist, 400 for an id that cannot exist.
        const code = errorCode(error);
        next = code === 'notFound' || code === 'invalid' ? { status: 'missing' } : { status: 'error' };
      }
      if (started !== get().generation) return;
      const current = get().byId[id];
      // An event that arrived meanwhile is at least as new as this answer.
      if (next.status === 'ready' && current?.status === 'ready' && !isNotOlder(current.item, next.item)) return;
      if (next.status === 'error' && current?.status === 'ready') return;
      set((s) => ({ byId: { ...s.byId, [id]: next } }));
    },

    put(item) {
      const current = get().byId[item.id];
      if (current?.status === 'ready' && !isNotOlder(current.item, item)) return;
      // Only items someone looks at are kept; others are fetched when opened.
      if (!current || current.status === 'missing') return;
      set((s) => ({ byId: { ...s.byId, [item.id]: { status: 'ready', item } } }));
    },

    remove(id) {
      if (!get().byId[id]) return;
      set((s) => ({ byId: { ...s.byId, [id]: { status: 'missing' } } }));
    },

    refetchIfLoaded() {
      const { byId, scopes, load } = get();
      for (const [id, entry] of Object.entries(byId))
        if (entry.status === 'ready' || entry.status === 'error') void load(id, scopes[id] ?? '');
    },

    reset() {
      set((s) => ({ byId: {}, scopes: {}, generation: s.generation + 1 }));
    },
  }));

  registerStore({
    refetchIfLoaded: () => useStore.getState().refetchIfLoaded(),
    reset: () => useStore.getState().reset(),
  });

  /** The screen's way to one item: loads it for the school scope and returns the live entry; `retry` asks again after a failure. */
  function useItem(id: string, scope: string): { entry: ItemEntry<T> | undefined; retry(): void } {
    useEffect(() => {
      void useStore.getState().ensure(id, scope);
    }, [id, scope]);
    const entry = useStore((state) => state.byId[id]);
    return { entry, retry: () => void useStore.getState().load(id, scope) };
  }

  return { useStore, useItem };
}
