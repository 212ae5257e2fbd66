/** The client's timings (spec §4). Browser tests move the page's clock instead of changing these. */
export const INACTIVITY_MS = 2 * 60 * 1000;
export const ME_REFETCH_MS = 5 * 60 * 1000;
export const ME_FRESH_MS = 2 * 60 * 1000;
export const ME_RETRIES = 1;
export const RETRY_DELAY_MS = 1000;
