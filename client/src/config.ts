/** Overrides that browser tests inject with addInitScript; the app only reads them. */
export interface TestOverrides {
  inactivityMs?: number;
  meRefetchMs?: number;
}

declare global {
  interface Window {
    __TILSYNSVAKT_TEST__?: TestOverrides;
  }
}

export const INACTIVITY_MS = 2 * 60 * 1000;
export const ME_REFETCH_MS = 5 * 60 * 1000;
export const ME_FRESH_MS = 2 * 60 * 1000;
export const ME_RETRIES = 1;
export const RETRY_DELAY_MS = 1000;

function override(key: keyof TestOverrides): number | undefined {
  const value = typeof window === 'undefined' ? undefined : window.__TILSYNSVAKT_TEST__?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function inactivityMs(): number {
  return override('inactivityMs') ?? INACTIVITY_MS;
}

export function meRefetchMs(): number {
  return override('meRefetchMs') ?? ME_REFETCH_MS;
}
