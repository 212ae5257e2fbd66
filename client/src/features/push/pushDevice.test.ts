import { describe, expect, it } from 'vitest';
import { isAppleMobile, keyBytes, pushCapability, subscriptionBody, type PushEnvironment } from './pushDevice';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
// iPadOS Safari asks for desktop sites: it says it is a Mac.
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';

const chrome: PushEnvironment = {
  userAgent: CHROME_ANDROID,
  platform: 'Linux armv81',
  maxTouchPoints: 5,
  standalone: undefined,
  displayModeStandalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
};
const safariTab: PushEnvironment = {
  ...chrome,
  userAgent: IPHONE_SAFARI,
  platform: 'iPhone',
  standalone: false,
  // In a Safari tab iOS gives no push at all.
  hasPushManager: false,
  hasNotification: false,
  permission: null,
};

describe('what the device can do about notifications', () => {
  it('a browser with a service worker, push and notifications can be asked', () => {
    expect(pushCapability(chrome)).toBe('available');
    expect(pushCapability({ ...chrome, permission: 'granted' })).toBe('available');
  });

  it('notifications refused in the browser: blocked', () => {
    expect(pushCapability({ ...chrome, permission: 'denied' })).toBe('blocked');
  });

  it('without any one of service worker, Push API and notifications: unsupported', () => {
    expect(pushCapability({ ...chrome, hasServiceWorker: false })).toBe('unsupported');
    expect(pushCapability({ ...chrome, hasPushManager: false })).toBe('unsupported');
    expect(pushCapability({ ...chrome, hasNotification: false, permission: null })).toBe('unsupported');
  });

  it('an iPhone or iPad in Safari, not opened from the Home Screen: to the Home Screen first', () => {
    expect(pushCapability(safariTab)).toBe('ios-home-screen');
    expect(pushCapability({ ...safariTab, userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5 })).toBe('ios-home-screen');
    // Even a browser there that looks as if it could (an emulator's): the Home Screen decides.
    expect(pushCapability({ ...chrome, userAgent: IPHONE_SAFARI, platform: 'iPhone' })).toBe('ios-home-screen');
  });

  it('the app opened from the Home Screen on an iPhone is like any browser: push if iOS has it', () => {
    const homeScreen = { ...safariTab, standalone: true, hasPushManager: true, hasNotification: true, permission: 'default' as const };
    expect(pushCapability(homeScreen)).toBe('available');
    expect(pushCapability({ ...homeScreen, standalone: undefined, displayModeStandalone: true })).toBe('available');
    expect(pushCapability({ ...homeScreen, permission: 'denied' })).toBe('blocked');
    // iOS before 16.4: installed, but no Push API.
    expect(pushCapability({ ...homeScreen, hasPushManager: false })).toBe('unsupported');
  });

  it('a Mac is not an iPad (no touch screen)', () => {
    expect(isAppleMobile({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isAppleMobile({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
  });
});

describe('what is sent', () => {
  it('the server key, base64url, becomes the 65 bytes of a P-256 point', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...keyBytes(base64url)]).toEqual([...bytes]);
  });

  it("the browser's own toJSON(), and the Admin's choice only when it is made", () => {
    const json = { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
    const subscription = { endpoint: json.endpoint, toJSON: () => json } as unknown as PushSubscription;
    expect(subscriptionBody(subscription)).toEqual(json);
    expect(subscriptionBody(subscription, true)).toEqual({ ...json, newCases: true });
    expect(subscriptionBody(subscription, false)).toEqual({ ...json, newCases: false });
  });
});
