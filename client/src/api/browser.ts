export type BrowserName = 'Chrome' | 'Safari' | 'Firefox' | 'Edge' | 'Ukjent';

/** Used only for the compatibility notice, the login error suffix and the compat header (spec §2.1). */
// No navigator where the sign-in page is prerendered at build (Node 20).
export function detectBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): BrowserName {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/(Firefox|FxiOS)\//.test(userAgent)) return 'Firefox';
  // Also matches HeadlessChrome (automated tests run Chromium headless).
  if (/(Chrome|CriOS|Chromium)\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return 'Safari';
  return 'Ukjent';
}

export const browserName: BrowserName = detectBrowser();

/** Chrome and Safari get the compatibility mode: a notice on login and a marker header. */
export function compatMarker(name: BrowserName = browserName): 'chrome' | 'safari' | null {
  if (name === 'Chrome') return 'chrome';
  if (name === 'Safari') return 'safari';
  return null;
}
