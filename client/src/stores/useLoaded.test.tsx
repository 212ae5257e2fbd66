import { describe, expect, it } from 'vitest';
import { deferredFetch } from '../testing/fakeFetch';
import { byTestId, render, textOf, update, waitFor } from '../testing/render';
import { createCollectionStore } from './collection';
import { useLoaded } from './useLoaded';

interface Item {
  id: string;
  name: string;
  updatedAt: string;
}

function setup() {
  const { fetch, answers } = deferredFetch<Item[] | null>();
  const useStore = createCollectionStore<Item>({ fetch });

  /** A screen that needs the list of a scope, as every screen asks for its data. */
  function Screen({ scope }: { scope: string | null }) {
    const { loaded, failed, retry } = useLoaded(useStore, scope);
    const byId = useStore((state) => state.byId);
    const names = Object.values(byId).map((item) => item.name);
    if (failed) {
      return (
        <button type="button" data-testid="retry" onClick={retry}>
          Prøv igjen
        </button>
      );
    }
    return <p data-testid="list">{loaded ? names.join(', ') || 'Tom' : 'Laster...'}</p>;
  }
  return { useStore, fetch, answers, Screen };
}

describe('useLoaded: a screen says which data it needs', () => {
  it('loads the scope once, though StrictMode runs the effect twice and two screens ask', async () => {
    const { fetch, answers, Screen } = setup();
    await render(
      <>
        <Screen scope="s1" />
        <Screen scope="s1" />
      </>,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(textOf(byTestId('list'))).toBe('Laster...');
    await update(() => answers[0]!.resolve([{ id: 'a', name: 'Anna', updatedAt: '2026-11-20T10:00:00Z' }]));
    expect(textOf(byTestId('list'))).toBe('Anna');
  });

  it('asks nothing while the scope is unknown', async () => {
    const { fetch, Screen } = setup();
    await render(<Screen scope={null} />);
    expect(fetch).not.toHaveBeenCalled();
    expect(textOf(byTestId('list'))).toBe('Laster...');
  });

  it('shows a failure with a retry that asks again', async () => {
    const { fetch, answers, Screen } = setup();
    await render(<Screen scope="s1" />);
    await update(() => answers[0]!.reject(new Error('nede')));
    await update(() => byTestId('retry')!.click());
    expect(fetch).toHaveBeenCalledTimes(2);
    await update(() => answers[1]!.resolve([]));
    await waitFor(() => expect(textOf(byTestId('list'))).toBe('Tom'));
  });
});
