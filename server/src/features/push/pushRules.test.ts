import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUSH_TEXTS } from '#protocol/push';
import { loadConfig } from '../../config';
import { HttpError } from '../../httpError';
import { checkEndpoint } from './endpointPolicy';
import { firstLine } from './messages';
import { loadVapidKeys } from './vapidKeys';

function refusal(endpoint: string, production: boolean): string | null {
  try {
    checkEndpoint(endpoint, production);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
}

describe('where the server sends messages', () => {
  it("in production: the browsers' push services on port 443 only", () => {
    for (const service of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://api.push.apple.com/3/device/x',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(refusal(service, true), service).toBeNull();
    }
    for (const inside of [
      'https://10.0.0.5/admin',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://db.localhost/x',
      'https://169.254.169.254/latest',
      // Issue 43: names that resolve inside, on any port.
      'https://vm:4443/p',
      'https://localhost.:4443/x',
      'https://metadata.google.internal/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com./fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com.example/x',
      'https://push.example.com/x',
    ]) {
      expect(refusal(inside, true), inside).toBe(PUSH_TEXTS.endpointNotPushService);
    }
    expect(refusal('http://127.0.0.1:4000/push/x', true)).toBe(PUSH_TEXTS.endpointNotHttps);
    expect(refusal('http://fcm.googleapis.com/fcm/send/abc', true)).toBe(PUSH_TEXTS.endpointNotHttps);
  });

  it("outside production: loopback http too (the tests' push service), nothing else over http", () => {
    expect(refusal('http://127.0.0.1:4000/push/x', false)).toBeNull();
    expect(refusal('http://localhost:4000/push/x', false)).toBeNull();
    expect(refusal('http://[::1]:4000/push/x', false)).toBeNull();
    expect(refusal('http://10.0.0.5/push/x', false)).toBe(PUSH_TEXTS.endpointNotHttps);
    expect(refusal('https://push.example.com/x#fragment', false)).toBe(PUSH_TEXTS.endpointInvalid);
  });
});

describe('what a notification says', () => {
  it('the first line that has text, cut short for a lock screen', () => {
    expect(firstLine('\n \n  Lekker kran \nmer')).toBe('Lekker kran');
    const long = firstLine('x'.repeat(500));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the VAPID keys', () => {
  it('come from the environment when set', async () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'mailto:drift@skole.no',
    });
    expect(await loadVapidKeys(config)).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'p'.repeat(43),
      subject: 'mailto:drift@skole.no',
    });
  });

  it('are otherwise made once under DATA_DIR, readable by the server alone, and kept', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://tilsyn.skole.no' });
      const [first, startedAtOnce] = await Promise.all([loadVapidKeys(config), loadVapidKeys(config)]);
      expect(startedAtOnce).toEqual(first);
      expect(first.subject).toBe('https://tilsyn.skole.no');
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      const file = path.join(dataDir, 'vapid-keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
      expect(await loadVapidKeys(config)).toEqual(first);
      expect((await readdir(dataDir)).sort()).toEqual(['vapid-keys.json']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a half-set pair or a malformed key is refused at start', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow('VAPID_PUBLIC_KEY og VAPID_PRIVATE_KEY må settes sammen.');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'kort', VAPID_PRIVATE_KEY: 'p'.repeat(43) })).toThrow('VAPID_PUBLIC_KEY');
    expect(() => loadConfig({ VAPID_SUBJECT: 'drift@skole.no' })).toThrow('VAPID_SUBJECT');
  });
});
