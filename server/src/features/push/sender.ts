import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Delivery } from './messages';
import type { VapidKeys } from './vapidKeys';
import { Lanes } from './lanes';
import type { PushMessage } from '#protocol/push';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Parallel requests to the push services, per school and in all; the rest wait their turn. */
const PER_SCHOOL = 4;
const IN_ALL = 64;
const TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 2_000;
/** A VAPID token is signed once per push service and kept this long (RFC 8292 allows up to 24 hours). */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
/** A new one is signed this long before the kept one expires. */
const VAPID_RENEW_BEFORE_SECONDS = 60 * 60;

/**
 * Sends encrypted messages to push services (RFC 8030/8291/8292). web-push encrypts the payload
 * to the device's keys and signs the VAPID token; the request itself goes out through fetch, so
 * a push service on loopback http (the tests') is reached as an https one is. A device the push
 * service no longer knows (404, 410) is reported 'gone'; a busy or failing one is tried once more.
 */
export class PushSender {
  /** One school's devices whose push service hangs never delay another school's. */
  private readonly lanes = new Lanes(PER_SCHOOL, IN_ALL);
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The signed VAPID header per push service (its origin, the token's audience): signing costs ~0.5 ms, encrypting ~0.2. */
  private readonly vapidByAudience = new Map<string, { authorization: string; renewAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly log: FastifyBaseLogger,
  ) {}

  send(schoolId: string, target: PushTarget, message: PushMessage, delivery: Delivery): Promise<PushOutcome> {
    const sending = this.lanes.run(schoolId, () => this.deliver(target, message, delivery));
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
    return sending;
  }

  /** Resolves when everything handed over has been answered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(target: PushTarget, message: PushMessage, delivery: Delivery): Promise<PushOutcome> {
    const first = await this.post(target, message, delivery);
    if (first !== 'retry') return first;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    const second = await this.post(target, message, delivery);
    return second === 'retry' ? 'failed' : second;
  }

  private vapidAuthorization(endpoint: string): string {
    const url = new URL(endpoint);
    const audience = `${url.protocol}//${url.host}`;
    // The push service reads the token's `exp` on the real world's clock (RFC 8292: at most 24 h
    // ahead of its own now), so it is signed by the wall clock, not the app's.
    // eslint-disable-next-line no-restricted-syntax -- VAPID exp: judged by the push service's clock
    const now = Date.now();
    const kept = this.vapidByAudience.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const expiresAt = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.keys.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    this.vapidByAudience.set(audience, { authorization: Authorization, renewAt: (expiresAt - VAPID_RENEW_BEFORE_SECONDS) * 1000 });
    return Authorization;
  }

  private async post(target: PushTarget, message: PushMessage, delivery: Delivery): Promise<PushOutcome | 'retry'> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        // Signed here once per push service and kept (no vapidDetails: web-push would sign every message).
        headers: { Authorization: this.vapidAuthorization(target.endpoint) },
        TTL: delivery.ttl,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body as Buffer),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status === 429 || response.status >= 500) return 'retry';
      this.log.warn({ status: response.status, origin: new URL(target.endpoint).origin }, 'push refused');
      return 'failed';
    } catch (err) {
      this.log.warn({ err, origin: new URL(target.endpoint).origin }, 'push service unreachable');
      return 'retry';
    }
  }
}
