import { afterEach, describe, expect, it } from 'vitest';
import { PASSKEY_TEXTS, type Passkey, type PasskeyCreationOptions, type PasskeyRequestOptions } from '#protocol/passkeys';
import { expectAccess, makeUser, type Callers } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { afterProof, proveIdentity } from '../../../test/reauthentication';
import { signedInAs } from '../../../test/sessions';
import { ApiClient } from '../../../test/httpClient';
import { SoftAuthenticator } from '../../../test/softAuthenticator';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import { PasskeyChallenge, PasskeyModel } from '../../core/accounts/passkeyModel';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * Passkeys over HTTP (issue 33), with an authenticator in software (server/test/softAuthenticator.ts):
 * the ceremonies, a challenge used once and for five minutes, the origin and RP ID of PUBLIC_ORIGIN,
 * the account's status as password sign-in has it, the owner alone, and the audit trail.
 */
const ORIGIN = 'https://tilsynsvakt.skole.example';
const START = new Date('2026-03-10T12:00:00Z');
const clock = new TestClock(START);
let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started), { PUBLIC_ORIGIN: ORIGIN, LOGIN_LIMIT_PER_ACCOUNT: '5' }, { clock });
afterEach(() => clock.set(START));

/** A browser: all its cookies kept (the challenge's too). */
const browser = () => new ApiClient(server.baseUrl).withAllCookies();

/** Signed in, and (issue 43) proven with the password, as 'Min konto' asks before a factor changes. */
async function signedInBrowser(user: FixtureUser): Promise<ApiClient> {
  const client = browser();
  expect((await client.login(user.email, PASSWORD)).status).toBe(200);
  await proveIdentity(client);
  return client;
}

async function addPasskey(client: ApiClient, authenticator: SoftAuthenticator, name = 'Telefonen'): Promise<Passkey> {
  const options = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
  expect(options.status).toBe(200);
  const res = await client.post<Passkey>('/api/account/passkeys', { name, credential: authenticator.create(options.body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function signInWith(authenticator: SoftAuthenticator, client = browser(), origin?: string) {
  const options = await client.post<PasskeyRequestOptions>('/api/auth/passkey/options');
  expect(options.status).toBe(200);
  const credential = authenticator.get(options.body, origin);
  const res = await client.post<{ user: { id: string; role: string; status: string }; message?: string; code?: string }>(
    '/api/auth/passkey/login',
    { credential },
  );
  return { res, client, credential };
}

describe('adding a passkey', () => {
  it('asks for a discoverable, user-verified passkey on PUBLIC_ORIGIN, its user handle the account', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedInBrowser(user);
    const { body: options } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    expect(options.rp).toEqual({ name: 'Tilsynsvakt', id: 'tilsynsvakt.skole.example' });
    expect(options.user.id).toBe(Buffer.from(user.id, 'hex').toString('base64url'));
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const stored = await PasskeyChallenge.find({ userId: user.id }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.expiresAt.getTime() - START.getTime()).toBe(5 * 60_000);
  });

  it('keeps it under its name, lists it for its owner alone, and writes the audit trail', async () => {
    const user = await makeUser(fx.a.id, 'Vaktmester');
    const client = await signedInBrowser(user);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(client, authenticator, '  Min telefon  ');
    expect(added).toMatchObject({ name: 'Min telefon', createdAt: START.toISOString(), lastUsedAt: null });
    const list = await client.get<Passkey[]>('/api/account/passkeys');
    expect(list.body).toEqual([added]);
    expect((await c.caretakerA.get<Passkey[]>('/api/account/passkeys')).body).toEqual([]);
    const row = await PasskeyModel.findOne({ userId: user.id }).lean();
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: ['internal'], name: 'Min telefon' });
    const entry = await AuditModel.findOne({ action: 'user.passkeyAdded', targetId: user.id }).lean();
    expect(entry).toMatchObject({ actorName: user.name, schoolId: expect.anything(), detail: 'Min telefon' });
  });

  it('refuses bad input in Norwegian and stores nothing', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedInBrowser(user);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const { body: options } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    const credential = authenticator.create(options);
    const empty = await client.post<{ message: string }>('/api/account/passkeys', { name: '  ', credential });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Navn er påkrevd');
    const long = await client.post<{ message: string }>('/api/account/passkeys', { name: 'x'.repeat(61), credential });
    expect(long.body.message).toContain('høyst 60 tegn');
    const garbled = await client.post<{ message: string }>('/api/account/passkeys', {
      name: 'Ok',
      credential: { ...credential, type: 'annet' },
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.message).toContain('passnøkkel');
    expect(await PasskeyModel.countDocuments({ userId: user.id })).toBe(0);
  });

  it('refuses an answer for another origin, a challenge used before, one five minutes old, and another user’s', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedInBrowser(user);
    const authenticator = new SoftAuthenticator(ORIGIN);

    const { body: options } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    const elsewhere = await client.post<{ message: string; code: string }>('/api/account/passkeys', {
      name: 'Falsk',
      credential: authenticator.create(options, 'https://phishing.example'),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ message: PASSKEY_TEXTS.notVerified, code: 'passkeyFailed' });
    // That challenge is gone with its answer: the right answer to it is refused too.
    const again = await client.post<{ message: string }>('/api/account/passkeys', {
      name: 'Igjen',
      credential: authenticator.create(options),
    });
    expect(again.body.message).toBe(PASSKEY_TEXTS.expired);

    const { body: late } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    clock.set(new Date(START.getTime() + 5 * 60_000 + 1));
    // The proof is as old as the challenge: proven again, so the challenge's age is what is refused.
    await proveIdentity(client);
    const expired = await client.post<{ message: string }>('/api/account/passkeys', {
      name: 'Sent',
      credential: authenticator.create(late),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(PASSKEY_TEXTS.expired);

    // Another browser's challenge cookie is not this one's.
    const other = await signedInBrowser(await makeUser(fx.a.id, 'Tilsynsvakt'));
    const { body: theirs } = await client.post<PasskeyCreationOptions>('/api/account/passkeys/options');
    expect((await other.post('/api/account/passkeys', { name: 'Lånt', credential: authenticator.create(theirs) })).status).toBe(400);
    expect(await PasskeyModel.countDocuments({ credentialId: authenticator.id })).toBe(0);
  });

  it('is for approved accounts of every role; waiting and deactivated accounts and nobody are refused', async () => {
    await expectAccess(
      c,
      afterProof((x) => x.post('/api/account/passkeys/options')),
      {
        anonymous: 401,
        pendingA: 403,
        deactivatedA: 403,
        supervisorA: 200,
        caretakerA: 200,
        adminA: 200,
        adminB: 200,
        platform: 200,
      },
    );
  });
});

describe('signing in with a passkey', () => {
  it('needs no e-mail: the passkey names the account; the session is the one password sign-in makes', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(await signedInBrowser(user), authenticator);
    const { res, client } = await signInWith(authenticator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: 'Tilsynsvakt', status: 'approved' });
    expect((await client.get<{ user: { id: string } }>('/api/auth/me')).body.user.id).toBe(user.id);
    const row = await PasskeyModel.findOne({ credentialId: authenticator.id }).lean();
    expect(row).toMatchObject({ counter: 1, lastUsedAt: START });
  });

  it('uses a challenge once: the same signed answer again is refused, and an old signature on a new challenge too', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(await signedInBrowser(user), authenticator);
    const { res, client, credential } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    const replayed = await client.post<{ message: string; code: string }>('/api/auth/passkey/login', { credential });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ message: PASSKEY_TEXTS.expired, code: 'passkeyFailed' });
    const fresh = browser();
    await fresh.post('/api/auth/passkey/options');
    const stale = await fresh.post<{ message: string }>('/api/auth/passkey/login', { credential });
    expect(stale.status).toBe(401);
    expect(await signedInAs(fresh.cookie)).toBeNull();
  });

  it('refuses an answer made for another origin, and a challenge five minutes old', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(await signedInBrowser(user), authenticator);
    const phished = await signInWith(authenticator, browser(), 'https://phishing.example');
    expect(phished.res.status).toBe(401);
    expect(phished.res.body.message).toBe(PASSKEY_TEXTS.notVerified);
    expect(await signedInAs(phished.client.cookie)).toBeNull();

    const client = browser();
    const { body: options } = await client.post<PasskeyRequestOptions>('/api/auth/passkey/options');
    clock.set(new Date(START.getTime() + 5 * 60_000 + 1));
    const late = await client.post<{ message: string }>('/api/auth/passkey/login', { credential: authenticator.get(options) });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(PASSKEY_TEXTS.expired);
  });

  it('refuses a passkey it does not know, and stops a device guessing after the account limit', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.rpId = 'tilsynsvakt.skole.example';
    stranger.userHandle = Buffer.from(fx.a.admin.id, 'hex').toString('base64url');
    for (let i = 0; i < 5; i++) {
      const { res } = await signInWith(stranger);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(PASSKEY_TEXTS.unknown);
    }
    expect((await signInWith(stranger)).res.status).toBe(429);
  });

  it('treats the account as password sign-in does: an inactive school stays out; a deactivated account comes in to its status', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(await signedInBrowser(user), authenticator);

    await UserModel.updateOne({ _id: user.id }, { $set: { status: 'deactivated' } });
    const deactivated = await signInWith(authenticator);
    expect(deactivated.res.status).toBe(200);
    expect(deactivated.res.body.user.status).toBe('deactivated');
    expect((await new ApiClient(server.baseUrl).login(user.email, PASSWORD)).status).toBe(200);
    await UserModel.updateOne({ _id: user.id }, { $set: { status: 'approved' } });

    await School.updateOne({ _id: fx.a.id }, { $set: { active: false } });
    try {
      const inactive = await signInWith(authenticator);
      expect(inactive.res.status).toBe(403);
      expect(inactive.res.body.code).toBe('schoolInactive');
      expect(await signedInAs(inactive.client.cookie)).toBeNull();
    } finally {
      await School.updateOne({ _id: fx.a.id }, { $set: { active: true } });
    }
  });
});

describe('removing a passkey', () => {
  it('is for its owner alone (another’s is not found), writes the audit trail, and the passkey signs in no more', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedInBrowser(user);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(client, authenticator, 'Gammel');
    const path = `/api/account/passkeys/${added.id}`;
    await expectAccess(
      c,
      afterProof((x) => x.delete(path)),
      { anonymous: 401, pendingA: 403, adminA: 404, platform: 404 },
    );
    const removed = await client.delete<{ message: string }>(path);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PASSKEY_TEXTS.removed);
    expect((await client.delete(path)).status).toBe(404);
    expect(await AuditModel.findOne({ action: 'user.passkeyRemoved', targetId: user.id }).lean()).toMatchObject({ detail: 'Gammel' });
    expect((await signInWith(authenticator)).res.status).toBe(401);
  });

  it("the Admin's list says whether a user has passkeys, live", async () => {
    const user = await makeUser(fx.a.id, 'Vaktmester');
    const signInOf = async () =>
      (await c.adminA.get<Array<{ id: string; signIn: { passkey: boolean } }>>('/api/admin/users')).body.find((u) => u.id === user.id)!
        .signIn;
    expect(await signInOf()).toMatchObject({ password: true, passkey: false });
    const client = await signedInBrowser(user);
    const first = await addPasskey(client, new SoftAuthenticator(ORIGIN), 'Én');
    await addPasskey(client, new SoftAuthenticator(ORIGIN), 'To');
    expect(await signInOf()).toMatchObject({ passkey: true });
    expect((await client.delete(`/api/account/passkeys/${first.id}`)).status).toBe(200);
    expect(await signInOf()).toMatchObject({ passkey: true });
    const [second] = (await client.get<Array<{ id: string }>>('/api/account/passkeys')).body;
    expect((await client.delete(`/api/account/passkeys/${second!.id}`)).status).toBe(200);
    expect(await signInOf()).toMatchObject({ passkey: false });
  });

  it('goes with its user when an Admin deletes the account', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(await signedInBrowser(user), authenticator);
    expect((await c.adminA.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await PasskeyModel.countDocuments({ userId: user.id })).toBe(0);
    expect((await signInWith(authenticator)).res.status).toBe(401);
  });
});
