import { describe, expect, it } from 'vitest';
import { deferredFetch } from '../testing/fakeFetch';
import { createCollectionStore } from './collection';
import { refetchLoadedStores, resetStores } from './registry';

interface Item {
  id: string;
  schoolId: string;
  name: string;
  updatedAt: string;
}

const item = (id: string, name: string, updatedAt = '2026-11-20T10:00:00Z', schoolId = 's1'): Item => ({ id, schoolId, name, updatedAt });
const names = (byId: Readonly<Record<string, Item>>) =>
  Object.values(byId)
    .map((i) => i.name)
    .sort();

/** A list store whose fetch (the api module's call) answers when the test says so. */
function setup() {
  const { fetch, answers } = deferredFetch<Item[] | null>();
  const useStore = createCollectionStore<Item>({ fetch, belongs: (i, scope) => scope === '' || i.schoolId === scope });
  return { useStore, fetch, answers, state: () => useStore.getState() };
}

describe('a server list held by id (collection store)', () => {
  it('loads a scope once; callers at the same time share the request', async () => {
    const { fetch, answers, state } = setup();

    const first = state().ensure('s1');
    const second = state().ensure('s1');
    expect(state().status).toBe('loading');
    answers[0]!.resolve([item('a', 'Anna')]);
    await Promise.all([first, second]);
    await state().ensure('s1');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ status: 'ready', loaded: true, scope: 's1' });
    expect(names(state().byId)).toEqual(['Anna']);
  });

  it('events that arrive while the list loads are applied on top of its (older) answer', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('s1');

    state().put(item('b', 'Bjørn', '2026-11-20T10:05:00Z'));
    state().remove('c');
    answers[0]!.resolve([item('a', 'Anna'), item('c', 'Carl'), item('b', 'Bjørn gammel', '2026-11-20T10:00:00Z')]);
    await loading;

    expect(names(state().byId)).toEqual(['Anna', 'Bjørn']);
  });

  it('an event older than the item held is ignored', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('s1');
    answers[0]!.resolve([item('a', 'Ny', '2026-11-20T10:05:00Z')]);
    await loading;

    state().put(item('a', 'Gammel', '2026-11-20T10:00:00Z'));

    expect(names(state().byId)).toEqual(['Ny']);
  });

  it('ignores events before anything is loaded (the first answer includes them)', () => {
    const { state } = setup();

    state().put(item('a', 'Anna'));

    expect(state().byId).toEqual({});
  });

  it('an item that moved to another school leaves the list; the answer is filtered by scope too', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('s1');
    answers[0]!.resolve([item('a', 'Anna'), item('x', 'Annen skole', undefined, 's2')]);
    await loading;
    expect(names(state().byId)).toEqual(['Anna']);

    state().put(item('a', 'Anna', '2026-11-20T11:00:00Z', 's2'));

    expect(state().byId).toEqual({});
  });

  it('a new scope forgets the old list, and a late answer for the old scope is not shown', async () => {
    const { answers, state } = setup();
    const old = state().ensure('s1');

    const fresh = state().ensure('s2');
    expect(state()).toMatchObject({ scope: 's2', status: 'loading', loaded: false, byId: {} });
    answers[0]!.resolve([item('a', 'Fra s1')]);
    answers[1]!.resolve([item('b', 'Fra s2', undefined, 's2')]);
    await Promise.all([old, fresh]);

    expect(names(state().byId)).toEqual(['Fra s2']);
  });

  it('a failed load says error and keeps what was shown; a reconnect asks again', async () => {
    const { fetch, answers, state } = setup();
    const loading = state().ensure('s1');
    answers[0]!.resolve([item('a', 'Anna')]);
    await loading;

    const reloading = state().reload();
    answers[1]!.reject(new TypeError('Failed to fetch'));
    await reloading;
    expect(state()).toMatchObject({ status: 'error', loaded: true });
    expect(names(state().byId)).toEqual(['Anna']);

    refetchLoadedStores();
    expect(fetch).toHaveBeenCalledTimes(3);
    answers[2]!.resolve([item('a', 'Anna'), item('b', 'Berit')]);
    await state().reload();
    expect(names(state().byId)).toEqual(['Anna', 'Berit']);
  });

  it('sign-out (resetStores) empties the list', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('s1');
    answers[0]!.resolve([item('a', 'Anna')]);
    await loading;

    resetStores();

    expect(state()).toMatchObject({ byId: {}, status: 'idle', loaded: false, scope: '' });
  });

  it('a refetch that brings what is shown keeps the shown objects, and a changed item only that one', async () => {
    const { answers, state } = setup();
    const first = state().ensure('s1');
    answers[0]!.resolve([item('a', 'Anna'), item('b', 'Bo')]);
    await first;
    const shown = state().byId;

    const same = state().reload();
    answers[1]!.resolve([item('a', 'Anna'), item('b', 'Bo')]);
    await same;
    expect(state().byId).toBe(shown);

    const changed = state().reload();
    answers[2]!.resolve([item('a', 'Anna'), item('b', 'Bodil', '2026-11-20T11:00:00Z')]);
    await changed;
    expect(state().byId).not.toBe(shown);
    expect(state().byId.a).toBe(shown.a);
    expect(state().byId.b!.name).toBe('Bodil');
  });
});
