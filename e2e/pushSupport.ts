import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import type { PushMessage } from '#protocol/push';

/**
 * The browser side of Web Push in Chromium, through the DevTools protocol: the permission, a push
 * delivered to the service worker as the push service would, the notifications it shows, and a tap.
 */

export type PermissionSetting = 'granted' | 'denied' | 'prompt';

// Chromium drops a DevTools session's permission overrides when that session detaches: one
// browser session per browser, kept open while it runs.
const browserSessions = new WeakMap<Browser, Promise<CDPSession>>();

/** Sets the notification permission of the app's origin in this context (Browser.setPermission). */
export async function setNotificationPermission(context: BrowserContext, origin: string, setting: PermissionSetting): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
  await session.detach();
  const browser = context.browser()!;
  if (!browserSessions.has(browser)) browserSessions.set(browser, browser.newBrowserCDPSession());
  const browserSession = await browserSessions.get(browser)!;
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting,
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}

/** Waits until the production build's service worker (registered a moment after load) controls the page. */
export async function serviceWorkerOf(page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  const context = page.context();
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type Registration = { registrationId: string; scopeURL: string; isDeleted: boolean };

async function registrationId(session: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Registration[] }) => {
      const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (registration) resolve(registration.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  return found;
}

/**
 * How many notifications the worker has finished showing (its showNotification promise resolved),
 * counted from the first call. Chromium keeps getNotifications() in step with what is on screen
 * and forgets a stored notification it does not find displayed; a test polling the list while a
 * push was being shown saw none for 15 s on a loaded machine (CI of 0d8c0f4 and of an earlier
 * build), so the list is read only once the worker's showNotification has resolved.
 */
function notificationsShownByWorker(worker: Worker): Promise<number> {
  return worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; e2eShown?: number };
    if (scope.e2eShown === undefined) {
      scope.e2eShown = 0;
      const registration = scope.registration;
      const show = registration.showNotification.bind(registration);
      registration.showNotification = async (...args: Parameters<ServiceWorkerRegistration['showNotification']>) => {
        await show(...args);
        scope.e2eShown! += 1;
      };
    }
    return scope.e2eShown;
  });
}

const SHOWN_WITHIN_MS = 20_000;

/**
 * What the push service hands the browser: the decrypted payload, delivered to the worker
 * (ServiceWorker.deliverPushMessage). Returns once the worker has shown its notification.
 */
export async function deliverPush(page: Page, origin: string, payload: PushMessage | string): Promise<void> {
  const worker = await serviceWorkerOf(page);
  const before = await notificationsShownByWorker(worker);
  const session = await page.context().newCDPSession(page);
  const id = await registrationId(session, origin);
  const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
  await session.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId: id, data });
  await session.detach();
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  while ((await notificationsShownByWorker(worker)) === before) {
    if (Date.now() > deadline) throw new Error(`the service worker showed no notification within ${SHOWN_WITHIN_MS} ms of the push`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type ShownNotification = {
  title: string;
  body: string;
  tag: string;
  icon: string;
  lang: string;
  renotify: boolean;
  data: { url?: string };
};

/** The notifications the worker's registration shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      lang: n.lang,
      renotify: (n as Notification & { renotify: boolean }).renotify,
      data: n.data as { url?: string },
    }));
  });
}

/**
 * A tap on the notification with this title. Chromium has no DevTools command for it, so the
 * worker's own notificationclick listener is run with a NotificationEvent made in the worker, for
 * the notification it shows. Such an event is not the browser's: Chromium refuses it waitUntil,
 * a window's focus() and openWindow(); public/sw.js tells the open window first, so the same
 * handler does the same navigation as on a real tap.
 */
export async function tapNotification(worker: Worker, title: string): Promise<void> {
  const found = await worker.evaluate(async (wanted) => {
    // The worker's globals (the project's types are the window's).
    type WorkerScope = EventTarget & {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const scope = self as unknown as WorkerScope;
    const notification = (await scope.registration.getNotifications()).find((n) => n.title === wanted);
    if (!notification) return false;
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return true;
  }, title);
  if (!found) throw new Error(`no notification titled ${title}`);
}

/** A subscription as a browser gives one: an endpoint on a push service, and the device's keys. */
export type DeviceSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/**
 * Headless Chromium here cannot reach its push service (FCM), so PushManager.subscribe fails. This
 * replaces PushManager's subscribe and getSubscription in the page (not in the worker, whose pushes
 * come through deliverPush) with a subscription for `device`, as the browser would hand out after
 * registering with a push service; it is kept in localStorage, as the browser keeps its own across loads.
 */
export async function replacePushManager(context: BrowserContext, device: DeviceSubscription): Promise<void> {
  await context.addInitScript((json: DeviceSubscription) => {
    const STORAGE = 'e2e.pushSubscription';
    const bytes = (base64url: string) =>
      Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const toBase64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscription = (serverKey: string) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name: 'p256dh' | 'auth') => bytes(json.keys[name]),
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(STORAGE);
        return true;
      },
    });
    const manager = PushManager.prototype as unknown as Record<string, unknown>;
    manager.subscribe = async function (options: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const key = options.applicationServerKey;
      const serverKey =
        typeof key === 'string' ? key : toBase64url(key instanceof ArrayBuffer ? key : (key as Uint8Array<ArrayBuffer>).buffer);
      localStorage.setItem(STORAGE, serverKey);
      return subscription(serverKey);
    };
    manager.getSubscription = async function () {
      const serverKey = localStorage.getItem(STORAGE);
      return serverKey ? subscription(serverKey) : null;
    };
  }, device);
}

/** Whether the page's (replaced) PushManager holds a subscription now. */
export function hasSubscription(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null);
}
