/** What the service worker (public/sw.js) tells an open window when a notification is tapped. */
export const OPEN_MESSAGE = 'tilsynsvakt.open';

/** The app path a message asks to open, or null: only this app's own paths, never another site's. */
export function pathToOpen(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url } = data as { type?: unknown; url?: unknown };
  if (type !== OPEN_MESSAGE || typeof url !== 'string') return null;
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  return url;
}
