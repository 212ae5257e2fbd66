import { describe, expect, it } from 'vitest';
import { deferredFetch } from '../testing/fakeFetch';
import { createSnapshotStore } from './snapshot';

interface List {
  names: string[];
}

function setup(options?: { keptLive?: boolean }) {
  const { fetch, answers } = deferredFetch<List | null>();
  const useStore = createSnapshotStore<List>(fetch, options);
  return { fetch, answers, state: () => useStore.getState() };
}

describe('server data that arrives whole (snapshot store)', () => {
  it('data no event keeps live is asked again each time a screen needs it, showing the last answer meanwhile', async () => {
    const { fetch, answers, state } = setup({ keptLive: false });
    const first = state().ensure('s1');
    void state().ensure('s1');
    answers[0]!.resolve({ names: ['Per'] });
    await first;
    expect(fetch).toHaveBeenCalledTimes(1);

    const again = state().ensure('s1');
    expect(state()).toMatchObject({ status: 'loading', loaded: true, data: { names: ['Per'] } });
    answers[1]!.resolve({ names: ['Per', 'Kari'] });
    await again;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(state().data).toEqual({ names: ['Per', 'Kari'] });
  });

  it('loads the scope once and shows the answer', async () => {
    const { fetch, answers, state } = setup();

    const loading = state().ensure('|2026-11-20');
    void state().ensure('|2026-11-20');
    answers[0]!.resolve({ names: ['Per'] });
    await loading;

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('|2026-11-20');
    expect(state()).toMatchObject({ data: { names: ['Per'] }, status: 'ready', loaded: true });
  });

  it('an event during a load is shown at once, and the load is asked again (its answer may predate the event)', async () => {
    const { fetch, answers, state } = setup();
    const loading = state().ensure('|2026-11-20');

    state().receive({ names: ['Per', 'Kari'] });
    expect(state().data).toEqual({ names: ['Per', 'Kari'] });
    expect(fetch).toHaveBeenCalledTimes(2);

    // The first answer, asked before the event, is not shown over it.
    answers[0]!.resolve({ names: ['Per'] });
    await loading;
    expect(state().data).toEqual({ names: ['Per', 'Kari'] });

    answers[1]!.resolve({ names: ['Per', 'Kari'] });
    await state().ensure('|2026-11-20');
    expect(state()).toMatchObject({ data: { names: ['Per', 'Kari'] }, status: 'ready' });
  });

  it('an event before any scope is chosen is ignored', () => {
    const { state } = setup();

    state().receive({ names: ['Per'] });

    expect(state()).toMatchObject({ data: null, loaded: false });
  });

  it('another day forgets the old list, and its late answer is not shown', async () => {
    const { answers, state } = setup();
    const old = state().ensure('|2026-11-20');

    const fresh = state().ensure('|2026-11-21');
    expect(state()).toMatchObject({ data: null, loaded: false, scope: '|2026-11-21' });
    answers[1]!.resolve({ names: ['Fredag'] });
    answers[0]!.resolve({ names: ['Torsdag'] });
    await Promise.all([old, fresh]);

    expect(state().data).toEqual({ names: ['Fredag'] });
  });

  it('a failed load shows the error; reload always asks again', async () => {
    const { fetch, answers, state } = setup();
    const loading = state().ensure('|2026-11-20');
    answers[0]!.reject(new TypeError('Failed to fetch'));
    await loading;
    expect(state()).toMatchObject({ status: 'error', loaded: false });

    const reloading = state().reload();
    answers[1]!.resolve({ names: [] });
    await reloading;

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(state()).toMatchObject({ status: 'ready', data: { names: [] } });
  });

  it('a refetch that brings what is shown keeps the shown object; another answer replaces it', async () => {
    const { answers, state } = setup();
    const first = state().ensure('s1');
    answers[0]!.resolve({ names: ['Per', 'Pål'] });
    await first;
    const shown = state().data;

    const same = state().reload();
    answers[1]!.resolve({ names: ['Per', 'Pål'] });
    await same;
    expect(state().data).toBe(shown);

    const changed = state().reload();
    answers[2]!.resolve({ names: ['Per'] });
    await changed;
    expect(state().data).toEqual({ names: ['Per'] });
  });
});
