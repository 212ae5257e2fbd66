import type { PushSubscriptionBody } from '#protocol/push';

/** What this device can do about notifications, before asking it anything that takes time. */
export type PushCapability = 'unsupported' | 'ios-home-screen' | 'blocked' | 'available';

/** The facts the capability is read from (the browser's own, or a test's). */
export interface PushEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Safari's navigator.standalone: true when opened from the Home Screen. */
  standalone: boolean | undefined;
  /** The page runs as an installed app (display-mode: standalone). */
  displayModeStandalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | null;
}

export function readEnvironment(): PushEnvironment {
  const hasNotification = typeof Notification !== 'undefined';
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform ?? '',
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayModeStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
    hasServiceWorker: 'serviceWorker' in navigator && !!navigator.serviceWorker,
    hasPushManager: typeof PushManager !== 'undefined',
    hasNotification,
    permission: hasNotification ? Notification.permission : null,
  };
}

/** iPhone, iPod or iPad; an iPad's Safari says it is a Mac, but a Mac has no touch screen. */
export function isAppleMobile(env: Pick<PushEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1);
}

/**
 * On iPhone and iPad, push works only in the app opened from the Home Screen (iOS 16.4 and later);
 * in a Safari tab the browser has no push at all. Elsewhere: a service worker, the Push API and
 * notifications are needed, and notifications not refused.
 */
export function pushCapability(env: PushEnvironment): PushCapability {
  if (isAppleMobile(env) && env.standalone !== true && !env.displayModeStandalone) return 'ios-home-screen';
  if (!env.hasServiceWorker || !env.hasPushManager || !env.hasNotification) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  return 'available';
}

const REGISTRATION_WAIT_MS = 10_000;

/**
 * The service worker's registration. A production build registers it a moment after the first load
 * (registerServiceWorker.ts), so a button pressed before then waits for it, a while; a development
 * build has none.
 */
export async function pushRegistration(waitMs = REGISTRATION_WAIT_MS): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's subscription of this device, if it has one (no waiting for a worker not yet registered). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** base64url (the server's key) to the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!key || key.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === wanted[index]);
}

/**
 * Subscribes this device with the server's key. A subscription made with another key (the server's
 * key was changed) cannot be reused, and the browser refuses a new one beside it: it is dropped first.
 */
export async function subscribeDevice(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** What the server is sent: the browser's own toJSON(), and the Admin's choice when it changes. */
export function subscriptionBody(subscription: PushSubscription, newCases?: boolean): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...(newCases === undefined ? {} : { newCases }),
  };
}
