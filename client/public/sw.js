// The app shell offline (issue 13). Pages: network first, the cached shell when the network is
// gone. Built assets (content-hashed names, never changed): cache first. The API and the live
// socket are never touched here: their answers must be the server's own, now.
const CACHE = 'tilsynsvakt-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

// The page names the build's assets; they are fetched with the shell so it works offline at once.
async function cacheShell() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const page = await (await cache.match('/')).text();
  const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put('/', response.clone());
    return response;
  } catch (error) {
    const shell = await caches.match('/');
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
  else if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) event.respondWith(cacheFirstAsset(request));
});

// Web Push (issue 32). A push must always show something: Chromium counts a silent one against the
// site, and the user would never know what came. The payload is pushMessageSchema's
// (protocol/src/push.ts): { kind, title, body, url, tag }.
const ICON = '/icons/icon-192.png';
const APP_NAME = 'Tilsynsvakt';
const OPEN_MESSAGE = 'tilsynsvakt.open';

function pushMessageOf(data) {
  try {
    const message = data ? data.json() : null;
    if (message && typeof message.title === 'string' && typeof message.body === 'string') {
      const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
      return { title: message.title, body: message.body, url, tag: typeof message.tag === 'string' ? message.tag : undefined };
    }
  } catch {
    // Not JSON: the generic notification below.
  }
  return { title: APP_NAME, body: 'Du har et nytt varsel.', url: '/', tag: undefined };
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = pushMessageOf(event.data);
  const options = { body, data: { url }, icon: ICON, lang: 'nb' };
  // renotify needs a tag: a later message about the same case replaces the earlier one, and rings again.
  if (tag) Object.assign(options, { tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
});

/** The app's window to show the url in: the focused one, else a visible one, else any. */
function pickWindow(windows) {
  return windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
}

/**
 * A tap: an open window of the app shows the url without a reload (the app navigates when told,
 * features/push/useOpenFromNotification.ts); with none open, a new window opens on it. The message
 * goes before the focus: a window's focus (and openWindow) is allowed only while the browser's own
 * click is being handled, and a refused focus must not keep the window where it was.
 */
async function openFromNotification(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = pickWindow(windows);
  if (!target) {
    await self.clients.openWindow(url);
    return;
  }
  target.postMessage({ type: OPEN_MESSAGE, url });
  await target.focus().catch(() => {
    // Not allowed now (no click of the user's): the window has been told where to go all the same.
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = data && typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const done = openFromNotification(url);
  try {
    event.waitUntil(done);
  } catch {
    // An event the browser did not send (a test's) cannot be extended; the work goes on regardless.
  }
});

function base64url(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The push service replaced the subscription (or let it expire): subscribe again with the same
 * server key and tell the server, as the app would (the cookie, and the header every write needs).
 * Best effort: if this fails, the app sends its subscription again the next time it is opened.
 */
async function resubscribe(event) {
  const key = event.oldSubscription?.options?.applicationServerKey;
  const subscription =
    event.newSubscription ??
    (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!subscription) return;
  const json = subscription.toJSON();
  const body = {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: json.keys ?? { p256dh: base64url(subscription.getKey('p256dh')), auth: base64url(subscription.getKey('auth')) },
  };
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event).catch(() => undefined));
});
