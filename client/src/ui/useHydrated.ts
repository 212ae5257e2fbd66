import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while React takes over a page rendered at build (the prerendered sign-in form), true from
 * then on and on every screen React draws itself: what depends on the browser, or on React running,
 * waits for it, so the page and React's first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
