import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY_SIGNED_OUT_NOTICE } from '#protocol/product';

/** The module as a new page load finds it: its reason is taken as it is evaluated. */
async function loadPage(): Promise<typeof import('./signedOutNotice')> {
  vi.resetModules();
  return import('./signedOutNotice');
}

afterEach(() => sessionStorage.clear());

describe('why this tab was signed out', () => {
  it('is said on the next page load, once', async () => {
    const signingOut = await loadPage();
    signingOut.noteSignedOut('Kontoen din er deaktivert.');
    const next = await loadPage();
    expect(next.signedOutNotice()).toBe('Kontoen din er deaktivert.');
    expect(next.signedOutNotice()).toBe('Kontoen din er deaktivert.');
    expect((await loadPage()).signedOutNotice()).toBeNull();
  });

  it('is not taken by the page that signs out, when that page started signed in and draws the sign-in form on its way out', async () => {
    const startedSignedIn = await loadPage();
    startedSignedIn.noteSignedOut('Du ble logget ut etter 2 minutter uten aktivitet.');
    // The sign-in form drawn for a moment before the reload: it says nothing from this page's sign-out.
    expect(startedSignedIn.signedOutNotice()).toBeNull();
    expect((await loadPage()).signedOutNotice()).toBe('Du ble logget ut etter 2 minutter uten aktivitet.');
  });

  it("keeps the first reason: the server's own over the client's guess after it", async () => {
    const page = await loadPage();
    page.noteSignedOut('Rollen din er endret.');
    page.noteSignedOut('Du ble logget ut fordi du logget inn et annet sted.');
    expect(sessionStorage.getItem(STORAGE_KEY_SIGNED_OUT_NOTICE)).toBe('Rollen din er endret.');
  });

  it('is forgotten by a new sign-in', async () => {
    sessionStorage.setItem(STORAGE_KEY_SIGNED_OUT_NOTICE, 'Kontoen din er slettet.');
    const page = await loadPage();
    page.forgetSignedOutNotice();
    expect(page.signedOutNotice()).toBeNull();
    expect((await loadPage()).signedOutNotice()).toBeNull();
  });
});
