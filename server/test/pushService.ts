import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { pushMessageSchema, type PushMessage } from '#protocol/push';

/**
 * A push service on loopback, as a browser vendor runs one (RFC 8030): it takes the application
 * server's POST to a device's endpoint, checks its VAPID token (RFC 8292) and, holding the
 * device's own private key, decrypts the message (RFC 8291) as the browser would.
 */

export type TestDevice = {
  label: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What `PushSubscription.toJSON()` gives in a browser. */
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type ReceivedPush = {
  device: string;
  /** When the request's body was read whole (ms since the epoch, sub-millisecond). */
  receivedAt: number;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  vapid: { subject: string; audience: string; expiresAt: number; publicKey: string };
  /** The decrypted text, exactly as the service worker would read it. */
  text: string;
  message: PushMessage;
};

/** Every payload any push service of this test file decrypted: the test server's close checks them (healthDataGuard.ts). */
const everyPayload: string[] = [];
export const receivedPayloads = (): readonly string[] => everyPayload;

type DeviceRecord = { label: string; ecdh: ECDH; auth: Buffer; status: number };

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Requests that could not be read as a valid push (bad token, undecryptable): none expected. */
  readonly refused: string[] = [];
  private readonly devices = new Map<string, DeviceRecord>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestPushService> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const service = new TestPushService(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => void service.handle(req, res));
    return service;
  }

  /** A browser's subscription: a fresh key pair and auth secret, an endpoint of its own. */
  newDevice(label = 'enhet'): TestDevice {
    const id = randomBytes(12).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(id, { label, ecdh, auth, status: 201 });
    const endpoint = `${this.origin}/push/${id}`;
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    return { label, endpoint, keys, toJSON: () => ({ endpoint, expirationTime: null, keys }) };
  }

  /** From now on the device's endpoint answers this status (410: the browser unsubscribed). */
  answer(device: TestDevice, status: number): void {
    const record = this.devices.get(idOf(device.endpoint));
    if (record) record.status = status;
  }

  to(device: TestDevice): ReceivedPush[] {
    return this.received.filter((push) => push.device === device.label);
  }

  /** Waits until the predicate holds over what was received, or fails after the timeout. */
  async waitUntil(predicate: (received: ReceivedPush[]) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`push service: not received in ${timeoutMs} ms (${this.received.length} received)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const receivedAt = performance.timeOrigin + performance.now();
    const record = req.method === 'POST' && req.url?.startsWith('/push/') ? this.devices.get(idOf(req.url)) : undefined;
    if (!record) return void res.writeHead(404).end();
    try {
      const push = this.read(req, Buffer.concat(chunks), record, receivedAt);
      everyPayload.push(push.text);
      if (record.status === 201) {
        this.received.push(push);
        for (const wake of this.waiters.splice(0)) wake();
      }
      res
        .writeHead(record.status, record.status === 201 ? { Location: `${this.origin}/message/${randomBytes(8).toString('hex')}` } : {})
        .end();
    } catch (error) {
      this.refused.push(error instanceof Error ? error.message : String(error));
      res.writeHead(400).end();
    }
  }

  private read(req: IncomingMessage, body: Buffer, record: DeviceRecord, receivedAt: number): ReceivedPush {
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL missing');
    const vapid = checkVapid(String(req.headers.authorization ?? ''), this.origin);
    const text = ece
      .decrypt(body, { version: 'aes128gcm', privateKey: record.ecdh, authSecret: record.auth.toString('base64url') })
      .toString('utf8');
    return {
      device: record.label,
      receivedAt,
      ttl,
      urgency: header(req, 'urgency'),
      topic: header(req, 'topic'),
      vapid,
      text,
      message: pushMessageSchema.parse(JSON.parse(text)),
    };
  }
}

function idOf(pathOrUrl: string): string {
  return pathOrUrl.slice(pathOrUrl.lastIndexOf('/') + 1);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<the application server's public key>`; its audience is this service. */
function checkVapid(authorization: string, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`Authorization ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID alg');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('VAPID exp');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID sub ${claims.sub}`);
  return { subject: claims.sub, audience: claims.aud, expiresAt: claims.exp, publicKey };
}
