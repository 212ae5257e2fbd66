// A few seconds after the page has loaded: the manifest, the icon Chromium fetches with it and the
// worker's own fetches would otherwise compete with the first screen's data on a slow line.
const AFTER_LOAD_MS = 3000;

/**
 * Makes the app installable (the manifest) and available offline (the service worker, public/sw.js,
 * which keeps the app shell). Production builds only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    setTimeout(() => {
      const manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = '/manifest.webmanifest';
      document.head.append(manifest);
      navigator.serviceWorker?.register('/sw.js').catch(() => {
        // Without it the app works as before, online only.
      });
    }, AFTER_LOAD_MS);
  });
}
