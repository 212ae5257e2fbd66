import { create } from 'zustand';
import type { User } from '../../../protocol/src';
import { fetchPendingUsers } from '../api/users';
import { toById, upsert, without, type ById } from './byId';
import { registerStore } from './registry';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface UsersState {
  pendingById: ById<User>;
  pendingStatus: LoadStatus;
  /** GET /api/admin/users/pending (Admin only); concurrent calls share one request. */
  loadPending(): Promise<void>;
  /** Events 'users.registered' and 'users.updated': keeps the pending list in step. */
  userChanged(user: User): void;
  reset(): void;
}

let pendingRequest: Promise<void> | null = null;
// Events that arrive while a load is in flight are replayed on top of its (older) snapshot.
let bufferedDuringLoad: User[] = [];
let generation = 0;

function applyPending(map: ById<User>, user: User): ById<User> {
  return user.status === 'pending' ? upsert(map, user) : without(map, user.id);
}

export const useUsersStore = create<UsersState>()((set, get) => ({
  pendingById: {},
  pendingStatus: 'idle',

  loadPending() {
    if (pendingRequest) return pendingRequest;
    const started = generation;
    bufferedDuringLoad = [];
    set({ pendingStatus: 'loading' });
    const request = fetchPendingUsers()
      .then((users) => {
        if (started !== generation) return;
        let map = toById((users ?? []).filter((user) => user.status === 'pending'));
        for (const user of bufferedDuringLoad) map = applyPending(map, user);
        set({ pendingById: map, pendingStatus: 'ready' });
      })
      .catch(() => {
        if (started === generation) set({ pendingStatus: 'error' });
      })
      .finally(() => {
        if (pendingRequest !== request) return;
        bufferedDuringLoad = [];
        pendingRequest = null;
      });
    pendingRequest = request;
    return request;
  },

  userChanged(user) {
    const { pendingStatus, pendingById } = get();
    // Not loaded (or failed): the next load fetches it anyway.
    if (pendingStatus !== 'loading' && pendingStatus !== 'ready') return;
    if (pendingStatus === 'loading') bufferedDuringLoad.push(user);
    set({ pendingById: applyPending(pendingById, user) });
  },

  reset() {
    generation += 1;
    pendingRequest = null;
    bufferedDuringLoad = [];
    set({ pendingById: {}, pendingStatus: 'idle' });
  },
}));

registerStore({
  refetchIfLoaded() {
    const { pendingStatus, loadPending } = useUsersStore.getState();
    if (pendingStatus === 'ready' || pendingStatus === 'error') void loadPending();
  },
  reset() {
    useUsersStore.getState().reset();
  },
});

export const selectPendingCount = (state: UsersState): number => Object.keys(state.pendingById).length;
