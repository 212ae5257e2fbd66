import { useEffect, useRef } from 'react';

/**
 * A user timing (performance.measure `name`) from a component's first render to the frame that
 * shows it: how long a long list takes to draw on a slow phone, read by `npm run bench:lighthouse`.
 */
export function useDrawnMeasure(name: string): void {
  const started = useRef<number | null>(null);
  started.current ??= performance.now();
  useEffect(() => {
    const start = started.current ?? performance.now();
    // The frame after the commit has been painted once its animation frame has run.
    requestAnimationFrame(() => setTimeout(() => performance.measure(name, { start, end: performance.now() })));
  }, [name]);
}
