import { STORAGE_KEY_SIGNED_OUT_NOTICE } from '#protocol/product';

/**
 * Why this tab was signed out, kept across the reload onto the sign-in page and said there once.
 * The first reason told wins: the server's own (sent before it closed the connection) over the
 * client's guess from a refused /me that follows it.
 */
export function noteSignedOut(text: string): void {
  // This page's own read is settled first (issue 44): the sign-in form it may draw while it leaves
  // must not take the text meant for the page the sign-out goes to. A board opened by a reload or
  // from the home screen had never drawn the form, and its last frame used to take the notice.
  signedOutNotice();
  try {
    if (!sessionStorage.getItem(STORAGE_KEY_SIGNED_OUT_NOTICE)) sessionStorage.setItem(STORAGE_KEY_SIGNED_OUT_NOTICE, text);
  } catch {
    // Storage disabled: the sign-in page just says nothing.
  }
}

// Read once per page load and kept: the sign-in page may be drawn more than once while it settles.
let taken: string | null | undefined;

/** The reason this page was opened with, if any; storage is emptied at the first read, so it is said once. */
export function signedOutNotice(): string | null {
  if (taken === undefined) {
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

/**
 * Why this page, just opened, shows the sign-in form: the server's answer to its first /me said
 * (issue 44: a board opened from the home screen after the idle limit). Said here, no reload between.
 */
export function noteSignedOutHere(text: string): void {
  if (!taken) taken = text;
}
