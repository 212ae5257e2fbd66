import { messageSchema, type Message } from '#protocol/common';
import { pushKeySchema, pushSubscriptionStateSchema, type PushSubscriptionBody, type PushSubscriptionState } from '#protocol/push';
import { request } from '../../api/http';

const SUBSCRIPTIONS = '/api/push/subscriptions';

/** The server's VAPID public key (base64url): what the browser's push service checks each push against. */
export async function fetchPushKey(): Promise<string> {
  return (await request('GET', '/api/push/key', pushKeySchema)).publicKey;
}

/** This device's subscription for the caller (moved to them if it was someone else's); `newCases` only when it changes. */
export function saveSubscription(body: PushSubscriptionBody): Promise<PushSubscriptionState> {
  return request('POST', SUBSCRIPTIONS, pushSubscriptionStateSchema, body);
}

/** No more notifications to this device (answered alike whether or not the server had it). */
export function deleteSubscription(endpoint: string): Promise<Message> {
  return request('DELETE', SUBSCRIPTIONS, messageSchema, { endpoint });
}
