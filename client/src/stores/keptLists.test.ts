import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferredFetch } from '../testing/fakeFetch';
import { userOf } from '../testing/users';
import { HttpError } from '../api/http';
import { useAuthStore } from './authStore';
import { createCollectionStore } from './collection';
import { createSnapshotStore } from './snapshot';
import { resetStores } from './registry';

/**
 * The list stores with a copy on the device (deviceCopies.ts): each new store here is the same
 * list on a page loaded anew, reading what the last page kept.
 */
interface List {
  names: string[];
}
interface Item {
  id: string;
  name: string;
  updatedAt: string;
}

const SICK = { name: 'sick', schema: z.object({ names: z.array(z.string()) }) };
const CASES = { name: 'cases', schema: z.array(z.object({ id: z.string(), name: z.string(), updatedAt: z.string() })) };
const SCOPE = '|2026-11-20';
const OFFLINE = new TypeError('Failed to fetch');
const item = (id: string, name: string, updatedAt = '2026-11-20T21:00:00.000Z'): Item => ({ id, name, updatedAt });

function snapshotPage() {
  const { fetch, answers } = deferredFetch<List | null>();
  const useStore = createSnapshotStore<List>(fetch, { keptOnDevice: SICK });
  return { fetch, answers, state: () => useStore.getState() };
}

function collectionPage() {
  const { fetch, answers } = deferredFetch<Item[] | null>();
  const useStore = createCollectionStore<Item>({ fetch, keptOnDevice: CASES });
  return { fetch, answers, state: () => useStore.getState() };
}

/** The first page: the list loaded on line, and kept. */
async function loadedOnline(list: List) {
  const page = snapshotPage();
  const loading = page.state().ensure(SCOPE);
  page.answers[0]!.resolve(list);
  await loading;
  return page;
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ phase: 'signedIn', user: userOf('Tilsynsvakt') });
});
afterEach(() => useAuthStore.setState({ phase: 'checking', user: null }));

describe('a list shown from the device when the server cannot be reached after a reload', () => {
  it('the last answer is shown off line, marked with when it was fetched; the next answer replaces it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T21:41:00.000Z'));
    await loadedOnline({ names: ['Per'] });
    vi.useRealTimers();

    const reloaded = snapshotPage();
    const loading = reloaded.state().ensure(SCOPE);
    reloaded.answers[0]!.reject(OFFLINE);
    await loading;
    expect(reloaded.state()).toMatchObject({
      data: { names: ['Per'] },
      loaded: true,
      status: 'error',
      copiedAt: '2026-11-20T21:41:00.000Z',
    });

    const again = reloaded.state().reload();
    reloaded.answers[1]!.resolve({ names: ['Per', 'Kari'] });
    await again;
    expect(reloaded.state()).toMatchObject({ data: { names: ['Per', 'Kari'] }, status: 'ready', copiedAt: null });
  });

  it('with the browser off line the copy is shown at once, before the request has failed', async () => {
    await loadedOnline({ names: ['Per'] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const reloaded = snapshotPage();
    void reloaded.state().ensure(SCOPE);
    expect(reloaded.state()).toMatchObject({ data: { names: ['Per'] }, loaded: true, status: 'loading' });
    expect(reloaded.state().copiedAt).not.toBeNull();
  });

  it('an event is kept as the newest copy; another report day or a refusal shows nothing of it', async () => {
    const first = await loadedOnline({ names: ['Per'] });
    first.state().receive({ names: ['Per', 'Ola'] });

    const reloaded = snapshotPage();
    const loading = reloaded.state().ensure(SCOPE);
    reloaded.answers[0]!.reject(OFFLINE);
    await loading;
    expect(reloaded.state().data).toEqual({ names: ['Per', 'Ola'] });

    const nextDay = snapshotPage();
    const tomorrow = nextDay.state().ensure('|2026-11-21');
    nextDay.answers[0]!.reject(OFFLINE);
    await tomorrow;
    expect(nextDay.state()).toMatchObject({ data: null, loaded: false, status: 'error', copiedAt: null });

    // The server answered, and refused: what it says goes, not an old copy.
    const refused = snapshotPage();
    const asking = refused.state().ensure(SCOPE);
    refused.answers[0]!.reject(new HttpError(403, '{"message":"Ingen tilgang","code":"forbidden"}'));
    await asking;
    expect(refused.state()).toMatchObject({ data: null, loaded: false, status: 'error' });
  });

  it('a list in memory is never replaced by an older copy when a refetch fails', async () => {
    const page = await loadedOnline({ names: ['Per'] });
    page.state().receive({ names: ['Per', 'Ola'] });
    localStorage.setItem(
      `tilsynsvakt_copy:${userOf('Tilsynsvakt').id}:sick`,
      JSON.stringify({ scope: SCOPE, fetchedAt: '2026-11-20T18:00:00.000Z', data: { names: [] } }),
    );
    const again = page.state().reload();
    page.answers[1]!.reject(OFFLINE);
    await again;
    expect(page.state()).toMatchObject({ data: { names: ['Per', 'Ola'] }, status: 'error', copiedAt: null });
  });

  it('gone after sign-out: the next page has nothing to show off line', async () => {
    await loadedOnline({ names: ['Per'] });
    resetStores();
    const reloaded = snapshotPage();
    const loading = reloaded.state().ensure(SCOPE);
    reloaded.answers[0]!.reject(OFFLINE);
    await loading;
    expect(reloaded.state()).toMatchObject({ data: null, loaded: false, status: 'error' });
  });

  it('a list held by id: the copy has the events applied since the answer, and a fresh answer replaces it', async () => {
    const first = collectionPage();
    const loading = first.state().ensure('');
    first.answers[0]!.resolve([item('a', 'Vannlekkasje')]);
    await loading;
    first.state().put(item('b', 'Knust vindu'));
    first.state().remove('a');

    const reloaded = collectionPage();
    const offline = reloaded.state().ensure('');
    reloaded.answers[0]!.reject(OFFLINE);
    await offline;
    expect(reloaded.state()).toMatchObject({ byId: { b: { name: 'Knust vindu' } }, loaded: true, status: 'error' });
    expect(Object.keys(reloaded.state().byId)).toEqual(['b']);
    expect(reloaded.state().copiedAt).not.toBeNull();

    const online = reloaded.state().reload();
    reloaded.answers[1]!.resolve([item('c', 'Lyspære')]);
    await online;
    expect(reloaded.state()).toMatchObject({ status: 'ready', copiedAt: null });
    expect(Object.keys(reloaded.state().byId)).toEqual(['c']);
  });
});
