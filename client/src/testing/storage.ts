import { vi } from 'vitest';

/**
 * A browser that refuses local storage (Safari's private mode, storage disabled, quota full):
 * every call throws, as such browsers do. Undone by unstubGlobals after the test.
 */
export function refuseStorage(): void {
  const refuse = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  vi.stubGlobal('localStorage', {
    get length(): number {
      return refuse();
    },
    key: refuse,
    getItem: refuse,
    setItem: refuse,
    removeItem: refuse,
    clear: refuse,
  });
}
