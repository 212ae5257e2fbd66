import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_TEXTS, type RecoveryCodes, type TotpSetup, type TotpStatus } from '#protocol/secondFactor';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { proveIdentity } from '../../../test/reauthentication';
import { signedInAs, storedSession } from '../../../test/sessions';
import { ApiClient } from '../../../test/httpClient';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { PendingSignIn, TotpModel } from '../../core/accounts/totpModel';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * An authenticator app as the second factor (issue 33) over HTTP, the codes computed by otpauth
 * here as an app would: set-up confirmed by a code, sign-in with the password then a code (no
 * session before), a code used once, wrong codes limited, recovery codes once each, turning off.
 */
const START = new Date('2026-03-10T12:00:00Z');
const clock = new TestClock(START);
let server: TestServer;
let fx: Fixture;

useSeededServer((started) => ({ server, fx } = started), {}, { clock });
afterEach(() => clock.set(START));

const browser = () => new ApiClient(server.baseUrl).withAllCookies();
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

async function signedIn(user: FixtureUser): Promise<ApiClient> {
  const client = browser();
  expect((await client.login(user.email, PASSWORD)).status).toBe(200);
  return client;
}

/** Signed in and (issue 43) proven with the password, as 'Min konto' asks before the app is turned on. */
async function signedInAndProven(user: FixtureUser): Promise<ApiClient> {
  const client = await signedIn(user);
  await proveIdentity(client);
  return client;
}

/** Turns the app on for the user; answers the secret and the recovery codes. */
async function withTotp(user: FixtureUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const client = await signedInAndProven(user);
  const { body: setup } = await client.post<TotpSetup>('/api/account/totp/setup');
  const confirmed = await client.post<RecoveryCodes>('/api/account/totp/confirm', { code: codeAt(setup.secret, clock.now()) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  // The next codes belong to later steps than the one the set-up used.
  later(30_000);
  return { secret: setup.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** The password, which (with the app on) answers 'code needed' and a half-done sign-in for this browser. */
async function passwordStep(user: FixtureUser, client = browser()) {
  const res = await client.login(user.email, PASSWORD);
  return { res: res as typeof res & { body: { code?: string; message?: string } }, client };
}

const secondStep = (client: ApiClient, code: string) =>
  client.post<{ user?: { id: string }; code?: string; message?: string }>('/api/auth/second-factor', { code });

describe('setting up the authenticator app', () => {
  it('gives the secret to type in and its otpauth:// address; a wrong code turns nothing on; the right one gives ten recovery codes once', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const client = await signedInAndProven(user);
    const { body: setup } = await client.post<TotpSetup>('/api/account/totp/setup');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Tilsynsvakt');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');

    const wrong = await client.post<{ code: string }>('/api/account/totp/confirm', {
      code: '000000' === codeAt(setup.secret, clock.now()) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrongCode');
    const bad = await client.post<{ message: string }>('/api/account/totp/confirm', { code: '12ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Koden er seks sifre');
    expect((await client.get<TotpStatus>('/api/account/totp')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const confirmed = await client.post<RecoveryCodes>('/api/account/totp/confirm', { code: codeAt(setup.secret, clock.now()) });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await client.get<TotpStatus>('/api/account/totp')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await TotpModel.findOne({ userId: user.id }).lean();
    expect(stored!.recoveryHashes.some((hash) => confirmed.body.recoveryCodes.includes(hash))).toBe(false);
    expect(await AuditModel.countDocuments({ action: 'user.totpEnabled', targetId: user.id })).toBe(1);
    // Set up once: a second set-up is refused while it is on.
    expect((await client.post('/api/account/totp/setup')).status).toBe(409);
  });

  it('refuses a set-up older than ten minutes', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedInAndProven(user);
    const { body: setup } = await client.post<TotpSetup>('/api/account/totp/setup');
    later(10 * 60_000 + 1);
    // The proof is older than five minutes too: proven again, so the set-up's age is what is refused.
    await proveIdentity(client);
    const late = await client.post<{ code: string }>('/api/account/totp/confirm', { code: codeAt(setup.secret, clock.now()) });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('secondFactorExpired');
  });
});

describe('signing in with the app on', () => {
  it('gives no session for the password alone; the code makes it', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const { secret } = await withTotp(user);
    const { res, client } = await passwordStep(user);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'secondFactorRequired', message: SECOND_FACTOR_TEXTS.codeNeeded });
    expect(await signedInAs(client.cookie)).toBeNull();
    expect((await storedSession(client.cookie))?.pending).toHaveProperty('secondFactor');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await PendingSignIn.countDocuments({ userId: user.id })).toBe(1);

    const before = client.cookie;
    const done = await secondStep(client, codeAt(secret, clock.now()));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user!.id).toBe(user.id);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // The session that waited for the code never becomes the signed-in one (no fixation).
    expect(client.cookie).not.toBe(before);
    expect(await storedSession(before)).toBeNull();
    expect(await PendingSignIn.countDocuments({ userId: user.id })).toBe(0);
  });

  it('accepts a code one step either side, and each code once', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const { secret } = await withTotp(user);
    later(30_000);
    const at = (ms: number) => codeAt(secret, new Date(clock.now().getTime() + ms));
    // The previous step's code: accepted (the phone's clock a little behind).
    const first = await passwordStep(user);
    expect((await secondStep(first.client, at(-30_000))).status).toBe(200);
    // The same code again, in a new sign-in: refused.
    const replay = await passwordStep(user);
    const again = await secondStep(replay.client, at(-30_000));
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'wrongCode', message: SECOND_FACTOR_TEXTS.wrongCode });
    // Two steps away either side: refused; the next step (the phone's clock a little ahead): accepted.
    expect((await secondStep(replay.client, at(-60_000))).status).toBe(401);
    expect((await secondStep(replay.client, at(60_000))).status).toBe(401);
    expect((await secondStep(replay.client, at(30_000))).status).toBe(200);
    // Now the step in between is older than the one used: refused, though within the window.
    const older = await passwordStep(user);
    expect((await secondStep(older.client, at(0))).status).toBe(401);
  });

  it('lets a half-done sign-in take five wrong codes, then asks for the password again; it lasts five minutes; it is this browser’s', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const { secret } = await withTotp(user);
    const right = () => codeAt(secret, clock.now());
    const wrongCode = () => (right() === '000000' ? '111111' : '000000');
    const { client } = await passwordStep(user);
    for (let i = 0; i < 5; i++) expect((await secondStep(client, wrongCode())).body.code).toBe('wrongCode');
    const spent = await secondStep(client, right());
    expect(spent.status).toBe(401);
    expect(spent.body).toMatchObject({ code: 'secondFactorExpired', message: SECOND_FACTOR_TEXTS.signInExpired });
    expect(await signedInAs(client.cookie)).toBeNull();
    expect((await storedSession(client.cookie))?.pending).toBeUndefined();

    const slow = await passwordStep(user);
    later(5 * 60_000 + 1);
    expect((await secondStep(slow.client, right())).body.code).toBe('secondFactorExpired');

    await passwordStep(user);
    // Another browser has no half-done sign-in of its own.
    expect((await secondStep(browser(), right())).body.code).toBe('secondFactorExpired');
  });

  it('takes each recovery code once instead of a code, in the audit trail', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const { recoveryCodes } = await withTotp(user);
    const [first, second] = recoveryCodes as [string, string];
    const a = await passwordStep(user);
    expect((await secondStep(a.client, ` ${first.toUpperCase()} `)).status).toBe(200);
    const b = await passwordStep(user);
    expect((await secondStep(b.client, first)).body.code).toBe('wrongCode');
    expect((await secondStep(b.client, second.replace('-', ''))).status).toBe(200);
    const status = await a.client.get<TotpStatus>('/api/account/totp');
    expect(status.body.recoveryCodesLeft).toBe(8);
    const entries = await AuditModel.find({ action: 'user.recoveryCodeUsed', targetId: user.id }).sort({ _id: 1 }).lean();
    expect(entries.map((entry) => entry.detail)).toEqual(['9 igjen', '8 igjen']);
  });

  it('does not touch an account without the app', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    expect((await browser().login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe('turning the app off', () => {
  it('needs a code; then the password alone signs in again; in the audit trail', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const { secret } = await withTotp(user);
    const a = await passwordStep(user);
    expect((await secondStep(a.client, codeAt(secret, clock.now()))).status).toBe(200);
    // With the app on, the proof takes a code too (a later one than sign-in's).
    later(30_000);
    await proveIdentity(a.client, { code: codeAt(secret, clock.now()) });
    const refused = await a.client.post<{ code: string }>('/api/account/totp/disable', { code: codeAt(secret, clock.now()) });
    // That code was just used to sign in.
    expect(refused.body.code).toBe('wrongCode');
    later(30_000);
    const off = await a.client.post<{ message: string }>('/api/account/totp/disable', { code: codeAt(secret, clock.now()) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(SECOND_FACTOR_TEXTS.turnedOff);
    expect(await TotpModel.countDocuments({ userId: user.id })).toBe(0);
    expect(await AuditModel.countDocuments({ action: 'user.totpDisabled', targetId: user.id })).toBe(1);
    expect((await browser().login(user.email, PASSWORD)).status).toBe(200);
  });

  it("the Admin's list says whether a user has the app on", async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const admin = await signedIn(fx.a.admin);
    const signInOf = async () =>
      (await admin.get<Array<{ id: string; signIn: { authenticatorApp: boolean } }>>('/api/admin/users')).body.find(
        (u) => u.id === user.id,
      )!.signIn;
    expect(await signInOf()).toMatchObject({ authenticatorApp: false });
    const { secret } = await withTotp(user);
    expect(await signInOf()).toMatchObject({ authenticatorApp: true });
    const a = await passwordStep(user);
    expect((await secondStep(a.client, codeAt(secret, clock.now()))).status).toBe(200);
    later(30_000);
    await proveIdentity(a.client, { code: codeAt(secret, clock.now()) });
    later(30_000);
    expect((await a.client.post('/api/account/totp/disable', { code: codeAt(secret, clock.now()) })).status).toBe(200);
    expect(await signInOf()).toMatchObject({ authenticatorApp: false });
  });

  it('goes with its user when an Admin deletes the account', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    await withTotp(user);
    const admin = await signedIn(fx.a.admin);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await TotpModel.countDocuments({ userId: user.id })).toBe(0);
  });
});
