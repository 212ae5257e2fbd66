/** The client's timings (spec §4). Browser tests move the page's clock instead of changing these. */
export const INACTIVITY_MS = 2 * 60 * 1000;
export const ME_REFETCH_MS = 5 * 60 * 1000;
export const ME_FRESH_MS = 2 * 60 * 1000;
export const ME_RETRIES = 1;
export const RETRY_DELAY_MS = 1000;
/** What is done on the device before a sign-out's logout call (notifications off) gets at most this long. */
export const SIGN_OUT_TASKS_MS = 1500;
