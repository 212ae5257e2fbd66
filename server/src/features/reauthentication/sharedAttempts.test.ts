import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAUTH_TEXTS } from '#protocol/reauthentication';
import { SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { TEXTS } from '#protocol/texts';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { startSeededServer } from '../../../test/seededServer';
import type { TestServer } from '../../../test/testServer';
import { loadConfig } from '../../config';
import { TotpModel } from '../../core/accounts/totpModel';
import { newSecret } from '../secondFactor/totp';

/**
 * Issue 43: the proof an open session gives before its factors change is no second set of guesses.
 * Its wrong passwords count in sign-in's per-account counter, its wrong codes in the code step's,
 * with the configured numbers (LOGIN_LIMIT_PER_ACCOUNT, 10 by default): half at sign-in and half
 * in the proof lock the account as all at sign-in would.
 */
const LIMIT = loadConfig({}).rateLimits.perAccount;
const HALF = LIMIT / 2;
let server: TestServer;
let fx: Fixture;

// Test servers allow 1,000 by default; this one keeps the configured number.
beforeAll(async () => ({ server, fx } = await startSeededServer({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT) })));
afterAll(async () => server?.close());

/** A browser that has never signed in to the account: its wrong passwords count against the account. */
const newBrowser = () => new ApiClient(server.baseUrl).withAllCookies();
const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() });
const wrongCode = (secret: string) => codeNow(secret).replace(/.$/, (digit) => String((Number(digit) + 5) % 10));

async function stolenSession(user: FixtureUser): Promise<ApiClient> {
  const client = newBrowser();
  expect((await client.login(user.email, PASSWORD)).status).toBe(200);
  return client;
}

const prove = (client: ApiClient, body: { password: string; code?: string }) =>
  client.post<{ message: string; code?: string }>('/api/account/reauthenticate', body);

describe('the proof’s attempts count with sign-in’s', () => {
  it('uses the configured limit, an even one', () => {
    expect(LIMIT).toBe(10);
  });

  it('wrong passwords: half at sign-in, half in the proof, and the account is locked at sign-in and in the proof', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const session = await stolenSession(user);
    for (let i = 0; i < HALF; i++) expect((await newBrowser().login(user.email, 'feil-passord')).status).toBe(401);
    for (let i = 0; i < HALF; i++) {
      const wrong = await prove(session, { password: 'feil-passord' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: REAUTH_TEXTS.wrongPassword, code: 'invalidCredentials' });
    }
    const signIn = await newBrowser().login(user.email, PASSWORD);
    expect(signIn.status).toBe(429);
    expect(signIn.body).toMatchObject({ message: TEXTS.tooManyAttempts });
    expect((await prove(session, { password: PASSWORD })).status).toBe(429);
  });

  it('and the other way round: an account locked by the proof’s guesses and sign-in’s is refused at both', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const session = await stolenSession(user);
    for (let i = 0; i < HALF; i++) expect((await prove(session, { password: 'feil-passord' })).status).toBe(400);
    for (let i = 0; i < HALF - 1; i++) expect((await newBrowser().login(user.email, 'feil-passord')).status).toBe(401);
    // One short of the limit: a right password still passes, and starts the count again.
    expect((await prove(session, { password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await prove(session, { password: 'feil-passord' })).status).toBe(400);
    expect((await newBrowser().login(user.email, PASSWORD)).status).toBe(429);
  });

  it('wrong codes: half at the code step, half in the proof, and the code is refused at both', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const session = await stolenSession(user);
    const secret = newSecret();
    await TotpModel.create({ userId: user.id, secret, lastStep: -1, recoveryHashes: [], enabledAt: new Date() });

    const signIn = newBrowser();
    const step = await signIn.login(user.email, PASSWORD);
    expect(step.body).toMatchObject({ code: 'secondFactorRequired' });
    for (let i = 0; i < HALF; i++) {
      const wrong = await signIn.post<{ code: string }>('/api/auth/second-factor', { code: wrongCode(secret) });
      expect(wrong.body.code).toBe('wrongCode');
    }
    for (let i = 0; i < HALF; i++) {
      const wrong = await prove(session, { password: PASSWORD, code: wrongCode(secret) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: SECOND_FACTOR_TEXTS.wrongCode, code: 'wrongCode' });
    }
    expect((await prove(session, { password: PASSWORD, code: codeNow(secret) })).status).toBe(429);
    const fresh = newBrowser();
    expect((await fresh.login(user.email, PASSWORD)).body).toMatchObject({ code: 'secondFactorRequired' });
    expect((await fresh.post('/api/auth/second-factor', { code: codeNow(secret) })).status).toBe(429);
  });
});

describe('change-password: its own limit per user, and its guesses count with sign-in’s', () => {
  const change = (client: ApiClient, currentPassword: string) =>
    client.put<{ message: string; code?: string }>('/api/auth/change-password', { currentPassword, newPassword: 'nytt-passord' });

  it('wrong current passwords are limited per user (5), and the owner and other users are not locked out', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await stolenSession(user);
    for (let i = 0; i < 5; i++) {
      const res = await change(client, `feil${i}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TEXTS.wrongCurrentPassword);
    }
    const blocked = await change(client, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TEXTS.tooManyAttempts, code: 'tooManyAttempts' });
    // Nothing changed: the old password still signs in (5 of sign-in's 10 are used).
    expect((await newBrowser().login(user.email, PASSWORD)).status).toBe(200);
    // Another user is not affected.
    const other = await stolenSession(await makeUser(fx.a.id, 'Tilsynsvakt'));
    expect((await other.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD })).status).toBe(200);
  });

  it('half its guesses here and half at sign-in lock the account at sign-in', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const session = await stolenSession(user);
    for (let i = 0; i < HALF; i++) expect((await change(session, 'feil-passord')).status).toBe(400);
    for (let i = 0; i < HALF; i++) expect((await newBrowser().login(user.email, 'feil-passord')).status).toBe(401);
    expect((await newBrowser().login(user.email, PASSWORD)).status).toBe(429);
  });

  it('an account locked at sign-in is refused here too, even with the right password', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const session = await stolenSession(user);
    for (let i = 0; i < LIMIT; i++) expect((await newBrowser().login(user.email, 'feil-passord')).status).toBe(401);
    const refused = await change(session, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TEXTS.tooManyAttempts, code: 'tooManyAttempts' });
  });
});
