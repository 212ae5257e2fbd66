import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecoveryCodes, TotpSetup } from '#protocol/secondFactor';
import { TRUSTED_DEVICE_TEXTS, type TrustedDevice } from '#protocol/trustedDevices';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { proveIdentity } from '../../../test/reauthentication';
import { signedIn as signedInPlain, storedSession } from '../../../test/sessions';
import { ApiClient } from '../../../test/httpClient';
import { testPasswordHash } from '../../../test/testPasswords';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';
import { AuditModel } from '../audit/model';
import { TrustedDeviceModel } from '../../core/accounts/trustedDeviceModel';
import { UserModel } from '../../core/accounts/userModel';

/**
 * 'Husk denne enheten' (issue 44) over HTTP: after a right code, this browser skips the
 * authenticator app's code at password sign-in for 12 hours; another browser does not; the trust
 * is listed and removed on Min konto by its owner only, ends at 12 hours, with a password or factor
 * change and with the user, and is never given to the Plattformadministrator.
 */
const START = new Date('2026-03-10T12:00:00Z');
const clock = new TestClock(START);
let server: TestServer;
let fx: Fixture;

useSeededServer((started) => ({ server, fx } = started), {}, { clock });
afterEach(() => clock.set(START));

const browser = () => new ApiClient(server.baseUrl).withAllCookies();
const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: clock.now().getTime() });

type Answer = { user?: { id: string }; code?: string; message?: string };

/** Turns the app on for the user (as Min konto does); answers the secret. */
async function withTotp(user: FixtureUser): Promise<string> {
  const client = browser();
  expect((await client.login(user.email, PASSWORD)).status).toBe(200);
  await proveIdentity(client);
  const { body: setup } = await client.post<TotpSetup>('/api/account/totp/setup');
  expect((await client.post<RecoveryCodes>('/api/account/totp/confirm', { code: codeNow(setup.secret) })).status).toBe(200);
  later(30_000);
  return setup.secret;
}

/** The password, then the code, in this browser; `trustDevice` as the box was ticked. */
async function signInWithCode(user: FixtureUser, secret: string, client = browser(), trustDevice?: unknown) {
  const password = await client.login(user.email, PASSWORD);
  expect(password.status).toBe(401);
  const done = await client.post<Answer>('/api/auth/second-factor', {
    code: codeNow(secret),
    ...(trustDevice === undefined ? {} : { trustDevice }),
  });
  later(30_000);
  return { done, client };
}

/** The password alone: 200 on a trusted device, 401 'secondFactorRequired' elsewhere. */
async function passwordOnly(user: FixtureUser, client: ApiClient) {
  return (await client.login(user.email, PASSWORD)) as Awaited<ReturnType<ApiClient['login']>> & { body: Answer };
}

describe('a device that skips the code', () => {
  it('is made by a right code with trustDevice; that browser then signs in with the password alone, as a sign-in with a factor', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const secret = await withTotp(user);
    const { done, client } = await signInWithCode(user, secret, browser(), true);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const trustCookie = done.headers.getSetCookie().find((cookie) => cookie.startsWith('tilsynsvakt.trust='));
    expect(trustCookie).toMatch(/HttpOnly/i);
    expect(trustCookie).toMatch(/SameSite=Strict/i);
    expect(trustCookie).toMatch(/Max-Age=43200/);
    const stored = await TrustedDeviceModel.findOne({ userId: user.id }).lean();
    // Only a hash of the cookie's secret is kept.
    expect(trustCookie).not.toContain(stored!.secretHash);
    expect(await AuditModel.countDocuments({ action: 'user.deviceTrusted', targetId: user.id })).toBe(1);

    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const again = await passwordOnly(user, client);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user!.id).toBe(user.id);
    expect(((await storedSession(client.cookie)) as { method?: string } | null)?.method).toBe('passwordAndTrustedDevice');

    // Another browser, and this one without being asked, still need the code.
    expect((await passwordOnly(user, browser())).body.code).toBe('secondFactorRequired');
    const { client: unticked } = await signInWithCode(user, secret);
    await unticked.post('/api/auth/logout');
    expect((await passwordOnly(user, unticked)).body.code).toBe('secondFactorRequired');
  });

  it('ends after 12 hours: the code is asked again and the device is no longer listed', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const secret = await withTotp(user);
    const { client } = await signInWithCode(user, secret, browser(), true);
    later(11 * 3_600_000);
    await client.post('/api/auth/logout');
    expect((await passwordOnly(user, client)).status).toBe(200);
    expect((await client.get<TrustedDevice[]>('/api/account/trusted-devices')).body).toHaveLength(1);
    later(3_600_000);
    await client.post('/api/auth/logout');
    expect((await passwordOnly(user, client)).body.code).toBe('secondFactorRequired');
    const { client: fresh } = await signInWithCode(user, secret);
    expect((await fresh.get<TrustedDevice[]>('/api/account/trusted-devices')).body).toEqual([]);
  });

  it('is listed on Min konto for its owner only, this browser marked, and removed by the owner only', async () => {
    const user = await makeUser(fx.a.id, 'Vaktmester');
    const other = await makeUser(fx.a.id, 'Vaktmester');
    const secret = await withTotp(user);
    const { client } = await signInWithCode(user, secret, browser(), true);
    const { client: second } = await signInWithCode(user, secret, browser(), true);

    const listed = (await client.get<TrustedDevice[]>('/api/account/trusted-devices')).body;
    expect(listed).toHaveLength(2);
    expect(listed.filter((device) => device.current)).toHaveLength(1);
    const mine = listed.find((device) => device.current)!;
    expect(mine.id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(mine.expiresAt).getTime() - new Date(mine.trustedAt).getTime()).toBe(12 * 3_600_000);

    const stranger = await signedInPlain(server.baseUrl, other);
    expect((await stranger.get<TrustedDevice[]>('/api/account/trusted-devices')).body).toEqual([]);
    const refused = await stranger.delete<{ message: string }>(`/api/account/trusted-devices/${mine.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(TRUSTED_DEVICE_TEXTS.notFound);
    const bad = await client.delete<{ message: string }>('/api/account/trusted-devices/ikke-en-enhet');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(TRUSTED_DEVICE_TEXTS.badId);
    expect((await new ApiClient(server.baseUrl).get('/api/account/trusted-devices')).status).toBe(401);

    // The other browser removes this one: this browser is asked for the code again, the other is not.
    const removed = await second.delete<{ message: string }>(`/api/account/trusted-devices/${mine.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(TRUSTED_DEVICE_TEXTS.removed);
    expect(await AuditModel.countDocuments({ action: 'user.deviceTrustRemoved', targetId: user.id })).toBe(1);
    await client.post('/api/auth/logout');
    expect((await passwordOnly(user, client)).body.code).toBe('secondFactorRequired');
    await second.post('/api/auth/logout');
    expect((await passwordOnly(user, second)).status).toBe(200);
    // Removing this browser's own clears its cookie too.
    const own = (await second.get<TrustedDevice[]>('/api/account/trusted-devices')).body.find((device) => device.current)!;
    const ownRemoved = await second.delete(`/api/account/trusted-devices/${own.id}`);
    expect(ownRemoved.headers.getSetCookie().join()).toMatch(/tilsynsvakt\.trust=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('is never given to the Plattformadministrator, and the refused choice spends no code', async () => {
    const platform = await UserModel.create({
      name: 'Pia Plattform',
      email: `pia.${Date.now()}@test.no`,
      role: 'Plattformadministrator',
      status: 'approved',
      schoolId: null,
      passwordHash: await testPasswordHash(PASSWORD),
    });
    const user: FixtureUser = {
      id: platform._id.toHexString(),
      email: platform.email,
      name: platform.name,
      role: 'Plattformadministrator',
      status: 'approved',
      schoolId: null as unknown as string,
    };
    const secret = await withTotp(user);
    const client = browser();
    expect((await client.login(user.email, PASSWORD)).status).toBe(401);
    const code = codeNow(secret);
    const refused = await client.post<Answer>('/api/auth/second-factor', { code, trustDevice: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TRUSTED_DEVICE_TEXTS.notForPlatformAdmin);
    expect(await TrustedDeviceModel.countDocuments({ userId: user.id })).toBe(0);
    expect((await client.post<Answer>('/api/auth/second-factor', { code })).status).toBe(200);
    expect(refused.headers.getSetCookie().join()).not.toContain('tilsynsvakt.trust');
  });

  it('refuses a choice that is not yes or no, in Norwegian', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const secret = await withTotp(user);
    const { done } = await signInWithCode(user, secret, browser(), 'ja');
    expect(done.status).toBe(400);
    expect(done.body.message).toContain(TRUSTED_DEVICE_TEXTS.badChoice);
  });

  it('ends when the password changes, when the app is turned off, and with the user', async () => {
    const user = await makeUser(fx.a.id, 'Admin');
    const secret = await withTotp(user);
    const { client } = await signInWithCode(user, secret, browser(), true);
    const changed = await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nyttpassord456' });
    expect(changed.status).toBe(200);
    expect(await TrustedDeviceModel.countDocuments({ userId: user.id })).toBe(0);
    await UserModel.updateOne({ _id: user.id }, { $set: { passwordHash: await testPasswordHash(PASSWORD) } });

    const { client: again } = await signInWithCode(user, secret, browser(), true);
    expect(await TrustedDeviceModel.countDocuments({ userId: user.id })).toBe(1);
    await proveIdentity(again, { code: codeNow(secret) });
    later(30_000);
    expect((await again.post('/api/account/totp/disable', {})).status).toBe(200);
    expect(await TrustedDeviceModel.countDocuments({ userId: user.id })).toBe(0);

    const removed = await makeUser(fx.a.id, 'Tilsynsvakt');
    const removedSecret = await withTotp(removed);
    await signInWithCode(removed, removedSecret, browser(), true);
    expect(await TrustedDeviceModel.countDocuments({ userId: removed.id })).toBe(1);
    const admin = await signedInPlain(server.baseUrl, fx.a.admin);
    expect((await admin.delete(`/api/admin/users/${removed.id}`)).status).toBe(200);
    expect(await TrustedDeviceModel.countDocuments({ userId: removed.id })).toBe(0);
  });
});
