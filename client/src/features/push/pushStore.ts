import { create } from 'zustand';
import { mayRole, POLICY, type Role } from '#protocol';
import type { PushSubscriptionState } from '#protocol/push';
import type { SessionEndReason } from '#protocol/sessionEnd';
import { serverMessage } from '../../api/http';
import { registerStore } from '../../stores/registry';
import { deleteSubscription, fetchPushKey, saveSubscription } from './pushApi';
import { currentSubscription, pushCapability, pushRegistration, readEnvironment, subscribeDevice, subscriptionBody } from './pushDevice';

/**
 * This device's notifications, as they truly are: 'on' only when the browser has a subscription
 * and the server has accepted it for the signed-in user.
 */
export type PushStatus = 'checking' | 'unsupported' | 'ios-home-screen' | 'blocked' | 'off' | 'on';

interface PushState {
  status: PushStatus;
  /** The Admin's choice for this device: new and changed cases too (the server's answer). */
  newCases: boolean;
  /** What is being done now, if anything. */
  working: 'on' | 'off' | 'newCases' | null;
}

const INITIAL: PushState = { status: 'checking', newCases: false, working: null };

export const usePushStore = create<PushState>()(() => INITIAL);
registerStore({ refetchIfLoaded: () => undefined, reset: () => usePushStore.setState(INITIAL) });

/** What a press ended in; the screen says the error. */
export type PushOutcome = { ok: true } | { ok: false; error: string };

export const PUSH_ERRORS = {
  dismissed: 'Varsler ble ikke slått på: nettleseren fikk ikke lov til å vise varsler.',
  noWorker: 'Varsler kan ikke slås på i denne nettleseren akkurat nå. Last inn siden på nytt og prøv igjen.',
  subscribe: 'Nettleseren kunne ikke slå på varsler. Prøv igjen senere.',
  server: 'Serveren tok ikke imot varslene. Prøv igjen senere.',
  off: 'Kunne ikke slå av varsler. Prøv igjen.',
  newCases: 'Kunne ikke lagre valget. Prøv igjen.',
} as const;

const set = (next: Partial<PushState>) => usePushStore.setState(next);
const accepted = (state: PushSubscriptionState) => set({ status: 'on', newCases: state.newCases });

/** Everything short of asking the browser or the server: null when the device can go on. */
function statusWithoutSubscription(): PushStatus | null {
  const capability = pushCapability(readEnvironment());
  return capability === 'available' ? null : capability;
}

/**
 * On opening the app signed in (a push role): a subscription the browser already has, with
 * permission, is sent to the server, which moves it to whoever is signed in on this device now.
 * Its answer says whether notifications are on.
 */
export async function syncPush(role: Role): Promise<void> {
  const early = statusWithoutSubscription();
  if (early) return set({ status: early });
  if (!mayRole(POLICY.pushNotifications.change, role) || Notification.permission !== 'granted') return set({ status: 'off' });
  try {
    const subscription = await currentSubscription();
    if (!subscription) return set({ status: 'off' });
    accepted(await saveSubscription(subscriptionBody(subscription)));
  } catch {
    set({ status: 'off' });
  }
}

async function turnOn(): Promise<PushOutcome> {
  const early = statusWithoutSubscription();
  if (early) {
    set({ status: early });
    return { ok: true };
  }
  // Asked only now, on the user's own press.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    set({ status: 'blocked' });
    return { ok: true };
  }
  if (permission !== 'granted') return { ok: false, error: PUSH_ERRORS.dismissed };
  const registration = await pushRegistration();
  if (!registration) return { ok: false, error: PUSH_ERRORS.noWorker };
  let key: string;
  try {
    key = await fetchPushKey();
  } catch (error) {
    return { ok: false, error: serverMessage(error, PUSH_ERRORS.server) };
  }
  let subscription: PushSubscription;
  try {
    subscription = await subscribeDevice(registration, key);
  } catch (error) {
    console.error('PushManager.subscribe failed', error);
    return { ok: false, error: PUSH_ERRORS.subscribe };
  }
  try {
    accepted(await saveSubscription(subscriptionBody(subscription)));
    return { ok: true };
  } catch (error) {
    // Not left subscribed in the browser for pushes the server will never send.
    await subscription.unsubscribe().catch(() => false);
    set({ status: 'off' });
    return { ok: false, error: serverMessage(error, PUSH_ERRORS.server) };
  }
}

/** The server forgets the device and the browser drops its subscription; either alone stops the pushes. */
async function forgetDevice(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return true;
  const [server, browser] = await Promise.allSettled([deleteSubscription(subscription.endpoint), subscription.unsubscribe()]);
  return server.status === 'fulfilled' || (browser.status === 'fulfilled' && browser.value);
}

async function turnOff(): Promise<PushOutcome> {
  try {
    const stopped = await forgetDevice();
    set({ status: (await currentSubscription()) ? 'on' : 'off' });
    return stopped ? { ok: true } : { ok: false, error: PUSH_ERRORS.off };
  } catch {
    return { ok: false, error: PUSH_ERRORS.off };
  }
}

async function setNewCases(newCases: boolean): Promise<PushOutcome> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) {
      set({ status: 'off' });
      return { ok: false, error: PUSH_ERRORS.newCases };
    }
    accepted(await saveSubscription(subscriptionBody(subscription, newCases)));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: serverMessage(error, PUSH_ERRORS.newCases) };
  }
}

/** One thing at a time: a second press while the first is under way does nothing. */
function exclusive<A extends unknown[]>(working: NonNullable<PushState['working']>, run: (...args: A) => Promise<PushOutcome>) {
  return async (...args: A): Promise<PushOutcome | null> => {
    if (usePushStore.getState().working) return null;
    set({ working });
    try {
      return await run(...args);
    } finally {
      set({ working: null });
    }
  };
}

export const pushActions = {
  turnOn: exclusive('on', turnOn),
  turnOff: exclusive('off', turnOff),
  setNewCases: exclusive('newCases', setNewCases),
};

/**
 * At a sign-out the person chose: this device gets nothing more for the user leaving it (best
 * effort; the caller does not wait long). One the app made by itself (idle, a session ended
 * elsewhere) keeps the notifications: the phone in the caretaker's pocket still rings.
 */
export async function forgetDeviceAtSignOut(reason?: SessionEndReason): Promise<void> {
  if (reason !== undefined || statusWithoutSubscription() === 'unsupported') return;
  await forgetDevice().catch(() => false);
}
