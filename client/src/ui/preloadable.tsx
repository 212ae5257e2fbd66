import { lazy, useState, type ComponentType } from 'react';

/**
 * A component in a chunk of its own, and a `load` that starts fetching it. Once the chunk is here it
 * is drawn directly: a lazy component suspends on its first draw however early its chunk came, and
 * React then holds the screen back up to 300 ms to reveal it. Chosen once per place it is drawn, so
 * nothing there is drawn anew when the chunk arrives. Draw it inside a Suspense boundary.
 */
export function preloadable<P extends object>(
  importer: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; load: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    importer().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Component(props: P) {
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Drawn {...props} />;
  }
  return { Component, load };
}
