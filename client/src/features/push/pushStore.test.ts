import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE, CARETAKER_ROLE, PLATFORM_ADMIN_ROLE } from '#protocol';
import { json, refusal, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { resetStores } from '../../stores/registry';
import { forgetDeviceAtSignOut, PUSH_ERRORS, pushActions, syncPush, usePushStore } from './pushStore';

/**
 * The browser's side faked at its API (Notification, PushManager, the worker's registration), the
 * server's at fetch; the store runs as it is.
 */
const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.net/send/abc';
const DEVICE = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

class FakeSubscription {
  readonly endpoint = ENDPOINT;
  readonly options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  readonly unsubscribe = vi.fn(async () => {
    manager.subscription = null;
    return true;
  });
  constructor(key: ArrayBuffer) {
    this.options = { applicationServerKey: key, userVisibleOnly: true };
  }
  toJSON() {
    return DEVICE;
  }
}

class FakePushManager {
  subscription: FakeSubscription | null = null;
  failSubscribe = false;
  getSubscription = async () => this.subscription;
  subscribe = vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }) => {
    if (this.failSubscribe) throw new DOMException('Registration failed - push service error', 'AbortError');
    this.subscription = new FakeSubscription(options.applicationServerKey.slice().buffer);
    return this.subscription;
  });
}

let manager: FakePushManager;
let permission: NotificationPermission;
let answerOnPrompt: NotificationPermission;
let sent: SentRequest[];
let postAnswer: () => Response;

function keyOf(base64url: string): ArrayBuffer {
  return Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
}

beforeEach(() => {
  resetStores();
  manager = new FakePushManager();
  permission = 'default';
  answerOnPrompt = 'granted';
  const registration = { pushManager: manager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', FakePushManager);
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(async () => {
      permission = answerOnPrompt;
      return permission;
    }),
  });
  postAnswer = () => json({ endpoint: ENDPOINT, newCases: false, kinds: ['caseCreated'] });
  sent = stubFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/push/key') return json({ publicKey: SERVER_KEY });
    if (method === 'POST' && url === '/api/push/subscriptions') return postAnswer();
    if (method === 'DELETE' && url === '/api/push/subscriptions') return json({ message: 'Varsler er slått av' });
    return refusal(404, 'Ikke funnet');
  });
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const status = () => usePushStore.getState().status;
const posts = () => sent.filter((r) => r.method === 'POST');

describe('on opening the app signed in', () => {
  it('a subscription the browser has, with permission, is sent as it is and the answer turns the switch on', async () => {
    permission = 'granted';
    manager.subscription = new FakeSubscription(keyOf(SERVER_KEY));
    postAnswer = () => json({ endpoint: ENDPOINT, newCases: true, kinds: [] });
    await syncPush(ADMIN_ROLE);
    expect(posts().map((r) => r.body)).toEqual([DEVICE]);
    expect(usePushStore.getState()).toMatchObject({ status: 'on', newCases: true });
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('no subscription, or no permission: off, and nothing is sent or asked', async () => {
    permission = 'granted';
    await syncPush(CARETAKER_ROLE);
    expect(status()).toBe('off');
    permission = 'default';
    manager.subscription = new FakeSubscription(keyOf(SERVER_KEY));
    await syncPush(CARETAKER_ROLE);
    expect(status()).toBe('off');
    expect(sent).toEqual([]);
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('the server refusing the subscription: off, not on', async () => {
    permission = 'granted';
    manager.subscription = new FakeSubscription(keyOf(SERVER_KEY));
    postAnswer = () => refusal(503, 'Varsler er ikke satt opp på denne serveren');
    await syncPush(CARETAKER_ROLE);
    expect(status()).toBe('off');
  });

  it('a role without notifications sends nothing', async () => {
    permission = 'granted';
    manager.subscription = new FakeSubscription(keyOf(SERVER_KEY));
    await syncPush(PLATFORM_ADMIN_ROLE);
    expect(sent).toEqual([]);
  });

  it('permission refused: blocked', async () => {
    permission = 'denied';
    await syncPush(CARETAKER_ROLE);
    expect(status()).toBe('blocked');
  });
});

describe('turning notifications on', () => {
  it("asks for permission on the press, subscribes with the server's key for visible notifications only, and is on once the server has it", async () => {
    await syncPush(CARETAKER_ROLE);
    expect(await pushActions.turnOn()).toEqual({ ok: true });
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = manager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...new Uint8Array(keyOf(SERVER_KEY))]);
    expect(posts().map((r) => r.body)).toEqual([DEVICE]);
    expect(status()).toBe('on');
  });

  it('permission refused at the prompt: blocked, nothing subscribed', async () => {
    answerOnPrompt = 'denied';
    expect(await pushActions.turnOn()).toEqual({ ok: true });
    expect(status()).toBe('blocked');
    expect(manager.subscribe).not.toHaveBeenCalled();
  });

  it('the prompt closed without an answer: off, and says why', async () => {
    await syncPush(CARETAKER_ROLE);
    answerOnPrompt = 'default';
    expect(await pushActions.turnOn()).toEqual({ ok: false, error: PUSH_ERRORS.dismissed });
    expect(status()).toBe('off');
  });

  it('the browser failing to subscribe: off, an error, nothing sent to the server', async () => {
    await syncPush(CARETAKER_ROLE);
    manager.failSubscribe = true;
    expect(await pushActions.turnOn()).toEqual({ ok: false, error: PUSH_ERRORS.subscribe });
    expect(status()).toBe('off');
    expect(posts()).toEqual([]);
  });

  it("the server refusing: the browser's subscription is dropped again, off, and the server's message shown", async () => {
    await syncPush(CARETAKER_ROLE);
    postAnswer = () => refusal(400, 'Ugyldige nøkler for varsler');
    expect(await pushActions.turnOn()).toEqual({ ok: false, error: 'Ugyldige nøkler for varsler' });
    expect(manager.subscription).toBeNull();
    expect(status()).toBe('off');
  });

  it('a subscription made with an older server key is replaced', async () => {
    permission = 'granted';
    const old = new FakeSubscription(new Uint8Array(65).fill(4).buffer);
    manager.subscription = old;
    await pushActions.turnOn();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(manager.subscribe).toHaveBeenCalledTimes(1);
    expect(status()).toBe('on');
  });

  it('a second press while the first is under way does nothing', async () => {
    const first = pushActions.turnOn();
    expect(await pushActions.turnOn()).toBeNull();
    await first;
    expect(manager.subscribe).toHaveBeenCalledTimes(1);
  });
});

describe('turning off, the Admin’s choice and sign-out', () => {
  beforeEach(async () => {
    await pushActions.turnOn();
    sent.length = 0;
  });

  it('off: the server forgets the endpoint and the browser unsubscribes', async () => {
    expect(await pushActions.turnOff()).toEqual({ ok: true });
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/push/subscriptions', body: { endpoint: ENDPOINT } }]);
    expect(manager.subscription).toBeNull();
    expect(status()).toBe('off');
  });

  it("the Admin's choice of new cases goes with the subscription; the answer is what is shown", async () => {
    postAnswer = () => json({ endpoint: ENDPOINT, newCases: true, kinds: [] });
    expect(await pushActions.setNewCases(true)).toEqual({ ok: true });
    expect(posts().map((r) => r.body)).toEqual([{ ...DEVICE, newCases: true }]);
    expect(usePushStore.getState().newCases).toBe(true);
    postAnswer = () => refusal(500, 'Noe gikk galt');
    expect(await pushActions.setNewCases(false)).toEqual({ ok: false, error: 'Noe gikk galt' });
    expect(usePushStore.getState().newCases).toBe(true);
  });

  it('sign-out: the server forgets the device and the browser unsubscribes, even when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await forgetDeviceAtSignOut();
    expect(manager.subscription).toBeNull();
  });

  it('an automatic sign-out (idle, the session ended elsewhere) keeps the device subscribed', async () => {
    const before = manager.subscription;
    expect(before).not.toBeNull();
    await forgetDeviceAtSignOut('idle');
    await forgetDeviceAtSignOut('passwordChanged');
    expect(manager.subscription).toBe(before);
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
