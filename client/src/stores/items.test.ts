import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../testing/fakeFetch';
import { HttpError } from '../api/http';
import { createItemStore } from './items';

interface Note {
  id: string;
  text: string;
  updatedAt: string;
}

const note = (text: string, updatedAt: string): Note => ({ id: 'n1', text, updatedAt });

function setup() {
  const answers: Array<ReturnType<typeof deferred<Note | null>>> = [];
  const fetch = vi.fn((_id: string, _scope: string) => {
    const answer = deferred<Note | null>();
    answers.push(answer);
    return answer.promise;
  });
  const { useStore } = createItemStore<Note>(fetch);
  return { fetch, answers, state: () => useStore.getState() };
}

describe('server data opened one item at a time (item store)', () => {
  it('loads an item once per scope and shows it', async () => {
    const { fetch, answers, state } = setup();
    const loading = state().ensure('n1', 's1');
    expect(state().byId.n1).toEqual({ status: 'loading' });
    void state().ensure('n1', 's1');
    answers[0]!.resolve(note('Første', '2026-11-20T20:00:00Z'));
    await loading;

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('n1', 's1');
    expect(state().byId.n1).toEqual({ status: 'ready', item: note('Første', '2026-11-20T20:00:00Z') });
  });

  it('an item the server does not have is missing; a failure is an error to retry', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('n1', '');
    answers[0]!.reject(new HttpError(404, JSON.stringify({ message: 'Ikke funnet', code: 'notFound' })));
    await loading;
    expect(state().byId.n1).toEqual({ status: 'missing' });

    const again = state().load('n2', '');
    answers[1]!.reject(new TypeError('Failed to fetch'));
    await again;
    expect(state().byId.n2).toEqual({ status: 'error' });
  });

  it('an event newer than a load on its way is not replaced by its answer; an older event never wins', async () => {
    const { answers, state } = setup();
    const loading = state().ensure('n1', '');
    state().put(note('Fra hendelsen', '2026-11-20T21:00:00Z'));
    answers[0]!.resolve(note('Eldre svar', '2026-11-20T20:00:00Z'));
    await loading;
    expect(state().byId.n1).toEqual({ status: 'ready', item: note('Fra hendelsen', '2026-11-20T21:00:00Z') });

    state().put(note('Gammel hendelse', '2026-11-20T19:00:00Z'));
    expect(state().byId.n1).toEqual({ status: 'ready', item: note('Fra hendelsen', '2026-11-20T21:00:00Z') });
  });

  it('an answer asked for before a sign-out is moot; a reconnect asks again for what is shown, in its scope', async () => {
    const { fetch, answers, state } = setup();
    const before = state().ensure('n1', 's1');
    state().reset();
    answers[0]!.resolve(note('Før utlogging', '2026-11-20T20:00:00Z'));
    await before;
    expect(state().byId).toEqual({});

    const shown = state().ensure('n1', 's2');
    answers[1]!.resolve(note('Vist', '2026-11-20T20:00:00Z'));
    await shown;
    state().refetchIfLoaded();
    expect(fetch).toHaveBeenLastCalledWith('n1', 's2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
