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

/**
 * Taken as the page loads, not at the sign-in form's first drawing: a page that started signed in
 * (a reload, a new tab) draws that form only while it signs out, and would then take the reason it
 * has just noted for the next page away with it. Storage is emptied here, so it is said once.
 */
function takeOnLoad(): string | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY_SIGNED_OUT_NOTICE);
    sessionStorage.removeItem(STORAGE_KEY_SIGNED_OUT_NOTICE);
    return text;
  } catch {
    // No storage (disabled, or the build's prerender): nothing to say.
    return null;
  }
}

let taken = takeOnLoad();

/** The reason this page was opened with, if any. */
export function signedOutNotice(): string | null {
  return taken;
}

/** A new sign-in: nothing from before is said again. */
export function forgetSignedOutNotice(): void {
  taken = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY_SIGNED_OUT_NOTICE);
  } catch {
    // Nothing kept either.
  }
}

/**
 * Why this page, just opened, shows the sign-in form: the server's answer to its first /me said
 * (issue 44: a board opened from the home screen after the idle limit). Said here, no reload between.
 */
export function noteSignedOutHere(text: string): void {
  if (!taken) taken = text;
}
