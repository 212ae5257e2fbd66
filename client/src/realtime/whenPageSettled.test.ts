import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettled } from './whenPageSettled';

/** The live connection waits for the page to load and a quiet moment, so it is not in the first screen's way. */
describe('whenPageSettled', () => {
  afterEach(() => vi.useRealTimers());

  function loadingDocument() {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    return () => {
      state.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
    };
  }

  it('runs after the page has loaded and the browser is idle, not before', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 5));
    const load = loadingDocument();
    const run = vi.fn();
    whenPageSettled(run);
    await vi.advanceTimersByTimeAsync(50);
    expect(run).not.toHaveBeenCalled();
    load();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page that has loaded, in a browser without idle callbacks (Safari)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenPageSettled(run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a cancel before then means it never runs (signed out meanwhile)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 5));
    vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
    const load = loadingDocument();
    const run = vi.fn();
    const cancel = whenPageSettled(run);
    cancel();
    load();
    await vi.advanceTimersByTimeAsync(50);
    expect(run).not.toHaveBeenCalled();
  });
});
