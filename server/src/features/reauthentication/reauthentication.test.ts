import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#protocol/passkeys';
import { REAUTH_TEXTS } from '#protocol/reauthentication';
import type { RecoveryCodes, TotpSetup } from '#protocol/secondFactor';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { proveIdentity } from '../../../test/reauthentication';
import { startSeededServer } from '../../../test/seededServer';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtpServer';
import { SoftAuthenticator } from '../../../test/softAuthenticator';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { PasskeyModel } from '../../core/accounts/passkeyModel';
import { trusted } from '../../db/trusted';
import { TotpModel } from '../../core/accounts/totpModel';

/**
 * Issue 43: factors change only after a fresh proof of who is asking. The outside assessment's
 * reproductions (a session cookie alone adding a passkey, turning on the app, seeing recovery
 * codes) fail; a proof made in this session in the last five minutes opens them; wrong passwords
 * count toward the account's lock; a password change or reset may remove every factor.
 */
const ORIGIN = 'https://tilsynsvakt.skole.example';
const START = new Date('2026-03-10T12:00:00Z');
const MAIL_FROM = 'Tilsynsvakt <tilsynsvakt@skole.example>';
const clock = new TestClock(START);
let server: TestServer;
let fx: Fixture;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ server, fx } = await startSeededServer(
    { PUBLIC_ORIGIN: ORIGIN, LOGIN_LIMIT_PER_ACCOUNT: '3', SMTP_URL: smtp.url, MAIL_FROM },
    { clock },
  ));
});
afterEach(() => clock.set(START));
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const browser = () => new ApiClient(server.baseUrl).withAllCookies();
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

async function signedIn(user: FixtureUser): Promise<ApiClient> {
  const client = browser();
  expect((await client.login(user.email, PASSWORD)).status).toBe(200);
  return client;
}

async function addPasskey(client: ApiClient, authenticator: SoftAuthenticator) {
  const { body: options } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
  const res = await client.post<{ id: string }>('/api/account/passkeys', { name: 'Telefonen', credential: authenticator.create(options) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function turnOnApp(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { body: setup } = await client.post<TotpSetup>('/api/account/totp/setup');
  const confirmed = await client.post<RecoveryCodes>('/api/account/totp/confirm', { code: codeAt(setup.secret, clock.now()) });
  expect(confirmed.status).toBe(200);
  later(30_000);
  return { secret: setup.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

function expectProofRequired(res: { status: number; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toEqual({ message: REAUTH_TEXTS.required, code: 'reauthenticationRequired' });
}

describe('a session cookie alone (the assessment’s reproductions)', () => {
  it('adds no passkey, turns on no app, sees no recovery codes, removes nothing', async () => {
    const admin = await makeUser(fx.a.id, 'Admin');
    const stolen = await signedIn(admin);
    const authenticator = new SoftAuthenticator(ORIGIN);
    expectProofRequired(await stolen.post('/api/account/passkeys/options'));
    // Even with a challenge the owner asked for earlier, the answer is refused.
    const owner = await signedIn(admin);
    await proveIdentity(owner);
    const { body: options } = await owner.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    expectProofRequired(await stolen.post('/api/account/passkeys', { name: 'Min', credential: authenticator.create(options) }));
    expectProofRequired(await stolen.post('/api/account/totp/setup'));
    expectProofRequired(await stolen.post('/api/account/totp/confirm', { code: '123456' }));
    expect(await PasskeyModel.countDocuments({ userId: admin.id })).toBe(0);
    expect(await TotpModel.countDocuments({ userId: admin.id, secret: trusted({ $ne: null }) })).toBe(0);

    // The owner's factors stay too: a stolen cookie removes neither a passkey nor the app.
    const added = await addPasskey(owner, authenticator);
    expectProofRequired(await stolen.delete(`/api/account/passkeys/${added.id}`));
    const supervisor = await makeUser(fx.a.id, 'Tilsynsvakt');
    const supervisorOwner = await signedIn(supervisor);
    await proveIdentity(supervisorOwner);
    await turnOnApp(supervisorOwner);
    // The owner's cookie, taken once the owner's proof is more than five minutes old.
    const thief = new ApiClient(server.baseUrl);
    thief.cookie = supervisorOwner.cookie;
    later(REAUTH_WINDOW + 1);
    expectProofRequired(await thief.post('/api/account/totp/disable', {}));
    expect(await PasskeyModel.countDocuments({ userId: admin.id })).toBe(1);
    expect(await TotpModel.countDocuments({ userId: supervisor.id, secret: trusted({ $ne: null }) })).toBe(1);
  });

  it('cannot sign a fresh browser in with a passkey it could not add', async () => {
    const admin = await makeUser(fx.a.id, 'Admin');
    const stolen = await signedIn(admin);
    expectProofRequired(await stolen.post('/api/account/passkeys/options'));
    const fresh = browser();
    const { body: options } = await fresh.post<PasskeyRequestOptions>('/api/auth/passkey/options');
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.rpId = 'tilsynsvakt.skole.example';
    stranger.userHandle = Buffer.from(admin.id, 'hex').toString('base64url');
    expect((await fresh.post('/api/auth/passkey/login', { credential: stranger.get(options) })).status).toBe(401);
  });
});

const REAUTH_WINDOW = 5 * 60_000;

describe('POST /api/account/reauthenticate', () => {
  it('opens factor changes in this session for five minutes, audited; another session stays closed', async () => {
    const user = await makeUser(fx.a.id, 'Vaktmester');
    const client = await signedIn(user);
    const other = await signedIn(user);
    const proof = await proveIdentity(client);
    expect(proof).toEqual({ message: REAUTH_TEXTS.confirmed, validUntil: new Date(START.getTime() + REAUTH_WINDOW).toISOString() });
    expect((await client.post('/api/account/passkeys/options')).status).toBe(200);
    expectProofRequired(await other.post('/api/account/passkeys/options'));
    expect(await AuditModel.findOne({ action: 'user.reauthenticated', targetId: user.id }).lean()).toMatchObject({ detail: 'Passord' });
    later(REAUTH_WINDOW);
    expect((await client.post('/api/account/totp/setup')).status).toBe(200);
    later(1);
    expectProofRequired(await client.post('/api/account/totp/setup'));
    expectProofRequired(await client.post('/api/account/passkeys/options'));
  });

  it('counts wrong passwords toward the account’s limit, then refuses even the right one', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedIn(user);
    for (let i = 0; i < 3; i++) {
      const wrong = await client.post<{ message: string; code: string }>('/api/account/reauthenticate', { password: 'feil-passord' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: REAUTH_TEXTS.wrongPassword, code: 'invalidCredentials' });
    }
    expect((await client.post('/api/account/reauthenticate', { password: PASSWORD })).status).toBe(429);
    expectProofRequired(await client.post('/api/account/passkeys/options'));
    // The limit is the account's, not the session's, and sign-in's own (sharedAttempts.test.ts): a
    // browser new to the account cannot even sign in.
    expect((await browser().login(user.email, PASSWORD)).status).toBe(429);
  });

  it('asks the app’s code (or a recovery code) too where the app is on; a code counts once', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const setUp = await signedIn(user);
    await proveIdentity(setUp);
    const { secret, recoveryCodes } = await turnOnApp(setUp);
    later(REAUTH_WINDOW + 1);
    const alone = await setUp.post<{ code: string; message: string }>('/api/account/reauthenticate', { password: PASSWORD });
    expect(alone.status).toBe(400);
    expect(alone.body).toEqual({ message: REAUTH_TEXTS.codeNeeded, code: 'secondFactorRequired' });
    const wrong = await setUp.post<{ code: string }>('/api/account/reauthenticate', {
      password: PASSWORD,
      code: codeAt(secret, clock.now()) === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe('wrongCode');
    expectProofRequired(await setUp.post('/api/account/totp/disable', {}));
    await proveIdentity(setUp, { code: codeAt(secret, clock.now()) });
    const replay = await setUp.post<{ code: string }>('/api/account/reauthenticate', {
      password: PASSWORD,
      code: codeAt(secret, clock.now()),
    });
    expect(replay.body.code).toBe('wrongCode');
    await proveIdentity(setUp, { code: recoveryCodes[0]! });
    expect(
      await AuditModel.findOne({ action: 'user.reauthenticated', targetId: user.id, detail: 'Passord og gjenopprettingskode' }).lean(),
    ).not.toBeNull();
    expect((await setUp.post('/api/account/totp/disable', {})).status).toBe(200);
    expect(await AuditModel.countDocuments({ action: 'user.totpDisabled', targetId: user.id })).toBe(1);
  });

  it('refuses bad input in Norwegian', async () => {
    const client = await signedIn(await makeUser(fx.a.id, 'Tilsynsvakt'));
    const empty = await client.post<{ message: string }>('/api/account/reauthenticate', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Passord må fylles ut');
    const badCode = await client.post<{ message: string }>('/api/account/reauthenticate', { password: PASSWORD, code: '12ab' });
    expect(badCode.body.message).toContain('Koden er seks sifre');
  });
});

describe('proving with a passkey', () => {
  it('takes one of the caller’s own passkeys, signed for this session’s challenge; not another’s', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const client = await signedIn(user);
    expect((await client.post('/api/account/reauthenticate/passkey/options')).status).toBe(409);
    await proveIdentity(client);
    const mine = new SoftAuthenticator(ORIGIN);
    await addPasskey(client, mine);
    later(REAUTH_WINDOW + 1);
    expectProofRequired(await client.post('/api/account/passkeys/options'));

    // Someone else's passkey proves nothing about this session.
    const someone = await makeUser(fx.a.id, 'Admin');
    const theirs = new SoftAuthenticator(ORIGIN);
    const theirClient = await signedIn(someone);
    await proveIdentity(theirClient);
    await addPasskey(theirClient, theirs);
    const { body: first } = await client.post<PasskeyRequestOptions>('/api/account/reauthenticate/passkey/options');
    expect(first.allowCredentials?.map((c) => c.id)).toEqual([mine.id]);
    const foreign = await client.post<{ code: string }>('/api/account/reauthenticate/passkey', { credential: theirs.get(first) });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe('passkeyFailed');
    expectProofRequired(await client.post('/api/account/passkeys/options'));

    const { body: options } = await client.post<PasskeyRequestOptions>('/api/account/reauthenticate/passkey/options');
    const credential = mine.get(options);
    const proven = await client.post<{ validUntil: string }>('/api/account/reauthenticate/passkey', { credential });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    expect((await client.post('/api/account/passkeys/options')).status).toBe(200);
    // Used once; and a sign-in challenge is not a proof's.
    expect((await client.post('/api/account/reauthenticate/passkey', { credential })).status).toBe(400);
    const { body: signIn } = await client.post<PasskeyRequestOptions>('/api/auth/passkey/options');
    expect((await client.post('/api/account/reauthenticate/passkey', { credential: mine.get(signIn) })).status).toBe(400);
    expect(await AuditModel.findOne({ action: 'user.reauthenticated', targetId: user.id, detail: 'Passnøkkel' }).lean()).not.toBeNull();
  });
});

describe('a factor change is mailed to the account', () => {
  it('with only our words: no name, no passkey name', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedIn(user);
    await proveIdentity(client);
    const before = smtp.mails.length;
    await addPasskey(client, new SoftAuthenticator(ORIGIN));
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toContain('En ny passnøkkel er lagt til på kontoen din.');
    expect(mail.text).not.toContain(user.name);
    expect(mail.text).not.toContain('Telefonen');
  });
});

describe('a password change or reset may remove every factor', () => {
  async function withFactors(user: FixtureUser): Promise<ApiClient> {
    const client = await signedIn(user);
    await proveIdentity(client);
    await addPasskey(client, new SoftAuthenticator(ORIGIN));
    await turnOnApp(client);
    return client;
  }
  const factorsOf = async (user: FixtureUser) => ({
    passkeys: await PasskeyModel.countDocuments({ userId: user.id }),
    app: await TotpModel.countDocuments({ userId: user.id }),
  });

  it('change-password keeps them with the spec’s body, removes them with removeFactors', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const client = await withFactors(user);
    expect((await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nytt-passord-1' })).status).toBe(200);
    expect(await factorsOf(user)).toEqual({ passkeys: 1, app: 1 });
    const removed = await client.put('/api/auth/change-password', {
      currentPassword: 'nytt-passord-1',
      newPassword: PASSWORD,
      removeFactors: true,
    });
    expect(removed.status).toBe(200);
    expect(await factorsOf(user)).toEqual({ passkeys: 0, app: 0 });
    expect(await AuditModel.findOne({ action: 'user.factorsRemoved', targetId: user.id }).lean()).toMatchObject({
      detail: '1 passnøkkel og autentiseringsappen',
    });
    expect(
      (
        await client.put<{ message: string }>('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: PASSWORD,
          removeFactors: 'ja',
        })
      ).status,
    ).toBe(400);
  });

  it('a reset link keeps them unless asked, then removes them', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    await withFactors(user);
    const admin = await signedIn(fx.a.admin);
    const link = async () =>
      (await admin.post<{ link: string }>(`/api/admin/users/${user.id}/password-reset-link`)).body.link.split('#')[1]!;
    expect((await browser().post('/api/auth/reset-password', { token: await link(), newPassword: 'nytt-passord-1' })).status).toBe(200);
    expect(await factorsOf(user)).toEqual({ passkeys: 1, app: 1 });
    expect(
      (await browser().post('/api/auth/reset-password', { token: await link(), newPassword: 'nytt-passord-2', removeFactors: true }))
        .status,
    ).toBe(200);
    expect(await factorsOf(user)).toEqual({ passkeys: 0, app: 0 });
  });
});
