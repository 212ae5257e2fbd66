import { STORAGE_KEY_SIGNED_OUT_NOTICE } from '#protocol/product';

/**
 * Why this tab was signed out, kept across the reload onto the sign-in page and said there once.
 * The first reason told wins: the server's own (sent before it closed the connection) over the
 * client's guess from a refused /me that follows it.
 */
export function noteSignedOut(text: string): void {
  try {
    if (!sessionStorage.getItem(STORAGE_KEY_SIGNED_OUT_NOTICE)) sessionStorage.setItem(STORAGE_KEY_SIGNED_OUT_NOTICE, text);
  } catch {
    // Storage disabled: the sign-in page just says nothing.
  }
}

// Read once per page load and kept: the sign-in page may be drawn more than once while it settles.
// Nothing found is looked for again: a first /me may learn the reason after the page was drawn (issue 44).
let taken: string | null | undefined;

/** The reason this page was opened with, if any; storage is emptied at the first read, so it is said once. */
export function signedOutNotice(): string | null {
  if (!taken) {
    try {
      taken = sessionStorage.getItem(STORAGE_KEY_SIGNED_OUT_NOTICE);
    } catch {
      taken = null;
    }
    clearSignedOutNotice();
  }
  return taken;
}

/** Said (or a new sign-in started): nothing left to say. */
function clearSignedOutNotice(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY_SIGNED_OUT_NOTICE);
  } catch {
    // Nothing kept either.
  }
}

/** A new sign-in: nothing from before is said again. */
export function forgetSignedOutNotice(): void {
  taken = null;
  clearSignedOutNotice();
}
