import { Suspense, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../testing/render';
import { preloadable } from './preloadable';

function Screen({ text }: { text: string }) {
  return <p>{text}</p>;
}

let fallbacksShown = 0;
function Fallback() {
  useLayoutEffect(() => {
    fallbacksShown += 1;
  }, []);
  return <p>Laster...</p>;
}

/** A component in a chunk of its own: drawn at once when the chunk is already here, else when it comes. */
describe('preloadable', () => {
  it('draws at once, with no fallback shown, when its chunk came before', async () => {
    const chunk = preloadable(async () => Screen);
    await chunk.load();
    fallbacksShown = 0;
    const container = await render(
      <Suspense fallback={<Fallback />}>
        <chunk.Component text="Tavla" />
      </Suspense>,
    );
    expect(container.textContent).toBe('Tavla');
    // A lazy component would have suspended first, and React held the screen back to reveal it.
    expect(fallbacksShown).toBe(0);
  });

  it('shows the fallback until a chunk not yet here arrives, then the component', async () => {
    let arrive!: () => void;
    const chunk = preloadable(() => new Promise<typeof Screen>((resolve) => (arrive = () => resolve(Screen))));
    fallbacksShown = 0;
    const container = await render(
      <Suspense fallback={<Fallback />}>
        <chunk.Component text="Tavla" />
      </Suspense>,
    );
    expect(container.textContent).toBe('Laster...');
    expect(fallbacksShown).toBeGreaterThan(0);
    arrive();
    await waitFor(() => expect(container.textContent).toBe('Tavla'));
  });
});
