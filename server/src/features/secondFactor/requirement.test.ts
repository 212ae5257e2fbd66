import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_TEXTS, type PlatformSecondFactorRule } from '#protocol/secondFactor';
import { loadConfig } from '../../config';
import { expectAccess, makeUser, type Callers } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { signedInAs } from '../../../test/sessions';
import { ApiClient } from '../../../test/httpClient';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { PasskeyModel } from '../../core/accounts/passkeyModel';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import { TotpModel } from '../../core/accounts/totpModel';
import { newSecret } from './totp';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * The second factor's requirement (issue 33): per school for its Admins, and for the platform's
 * Plattformadministratorer. Who may change it, that turning it on needs a factor of one's own, who
 * is affected (and who not), the password alone refused, the audit trail.
 */
let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

const browser = () => new ApiClient(server.baseUrl).withAllCookies();
const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** An authenticator app already on for the user; answers its secret. */
async function giveTotp(user: FixtureUser): Promise<string> {
  const secret = newSecret();
  await TotpModel.create({ userId: user.id, secret, lastStep: -1, recoveryHashes: [], enabledAt: new Date() });
  return secret;
}

async function givePasskey(user: FixtureUser): Promise<void> {
  await PasskeyModel.create({
    userId: user.id,
    credentialId: `kred-${user.id}`,
    publicKey: 'AA',
    counter: 0,
    name: 'Nøkkel',
    createdAt: new Date(),
  });
}

const signIn = (user: FixtureUser, client = browser()) =>
  client.login(user.email, PASSWORD) as Promise<{ status: number; body: { code?: string; message?: string } }>;

async function schoolRequires(schoolId: string, required: boolean): Promise<void> {
  await School.updateOne({ _id: schoolId }, { $set: { requireSecondFactor: required } });
}

describe('the school’s requirement', () => {
  it('is read and changed by the school’s Admins and the Plattformadministrator naming the school; no one else', async () => {
    const put = (x: ApiClient, query = '') => x.put(`/api/admin/second-factor${query}`, { required: false });
    await expectAccess(c, (x) => put(x), {
      anonymous: 401,
      pendingA: 403,
      deactivatedA: 403,
      supervisorA: 403,
      caretakerA: 403,
      adminA: 200,
      platform: 400,
    });
    await expectAccess(c, (x) => put(x, `?schoolId=${fx.a.id}`), { adminB: 403, platform: 200 });
    expect((await c.adminA.get('/api/admin/second-factor')).body).toEqual({ required: false });
    const bad = await c.adminA.put<{ message: string }>('/api/admin/second-factor', { required: 'ja' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Velg om kravet skal være på eller av');
  });

  it('is turned on only by an Admin with a passkey or an authenticator app of their own, and written in the audit trail', async () => {
    const admin = await makeUser(fx.b.id, 'Admin');
    const client = browser();
    expect((await signIn(admin, client)).status).toBe(200);
    const refused = await client.put<{ message: string }>('/api/admin/second-factor', { required: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SECOND_FACTOR_TEXTS.ownFirst);
    expect((await School.findById(fx.b.id).lean())!.requireSecondFactor).toBe(false);
    await givePasskey(admin);
    expect((await client.put('/api/admin/second-factor', { required: true })).body).toEqual({ required: true });
    // Issue 43: this session was signed in by the password alone, and now covered it ends too.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await c.platform.put(`/api/admin/second-factor?schoolId=${fx.b.id}`, { required: false })).body).toEqual({ required: false });
    const entries = await AuditModel.find({ action: 'settings.secondFactorChanged', schoolId: fx.b.id }).sort({ _id: 1 }).lean();
    expect(entries.map((entry) => entry.detail)).toEqual(['På for administratorer', 'Av']);
  });

  it('keeps the password alone from an Admin of that school, and no one else', async () => {
    const [plain, withPasskey, withApp] = [
      await makeUser(fx.a.id, 'Admin'),
      await makeUser(fx.a.id, 'Admin'),
      await makeUser(fx.a.id, 'Admin'),
    ];
    await givePasskey(withPasskey);
    const secret = await giveTotp(withApp);
    const supervisor = await makeUser(fx.a.id, 'Tilsynsvakt');
    const caretaker = await makeUser(fx.a.id, 'Vaktmester');
    const otherSchoolsAdmin = await makeUser(fx.b.id, 'Admin');
    await schoolRequires(fx.a.id, true);
    try {
      const none = await signIn(plain);
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({ code: 'secondFactorSetupNeeded', message: SECOND_FACTOR_TEXTS.schoolRequiresSetup });
      const passkeyOnly = await signIn(withPasskey);
      expect(passkeyOnly.status).toBe(403);
      expect(passkeyOnly.body.message).toBe(SECOND_FACTOR_TEXTS.schoolRequiresPasskey);
      // With the app: the code step, and the session after the code.
      const client = browser();
      expect((await signIn(withApp, client)).body.code).toBe('secondFactorRequired');
      expect(await signedInAs(client.cookie)).toBeNull();
      expect((await client.post('/api/auth/second-factor', { code: code(secret) })).status).toBe(200);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      // Not affected: the school's other roles, and an Admin of a school without the requirement.
      for (const user of [supervisor, caretaker, otherSchoolsAdmin]) expect((await signIn(user)).status, user.role).toBe(200);
    } finally {
      await schoolRequires(fx.a.id, false);
    }
    expect((await signIn(plain)).status).toBe(200);
  });
});

describe('the platform’s requirement', () => {
  it('is the Plattformadministrator’s, off outside production, turned on only with a factor of one’s own, and then keeps another Plattformadministrator’s password alone out', async () => {
    expect((await c.platform.get<PlatformSecondFactorRule>('/api/plattformadministrator/second-factor')).body).toEqual({
      required: false,
      forced: false,
    });
    const refused = await c.platform.put<{ message: string }>('/api/plattformadministrator/second-factor', { required: true });
    expect(refused.status).toBe(409);
    await givePasskey(fx.platformAdmin);
    const on = await c.platform.put<PlatformSecondFactorRule>('/api/plattformadministrator/second-factor', { required: true });
    expect(on.body).toEqual({ required: true, forced: false });
    // Issue 43: the session that turned it on was the password alone, and ends; back in with a code.
    expect((await c.platform.get('/api/auth/me')).status).toBe(401);
    const secret = await giveTotp(fx.platformAdmin);
    const platform = browser();
    expect((await signIn(fx.platformAdmin, platform)).body.code).toBe('secondFactorRequired');
    expect((await platform.post('/api/auth/second-factor', { code: code(secret) })).status).toBe(200);
    const other = await UserModel.create({
      name: 'Plattform To',
      email: 'plattform2@test.no',
      passwordHash: (await UserModel.findById(fx.platformAdmin.id).lean())!.passwordHash,
      role: 'Plattformadministrator',
      status: 'approved',
      schoolId: null,
    });
    const otherUser = { id: other._id.toHexString(), email: other.email } as FixtureUser;
    try {
      const out = await signIn(otherUser);
      expect(out.status).toBe(403);
      expect(out.body).toMatchObject({ code: 'secondFactorSetupNeeded', message: SECOND_FACTOR_TEXTS.platformRequiresSetup });
      // School Admins are not affected by the platform's requirement.
      expect((await signIn(fx.a.admin)).status).toBe(200);
    } finally {
      await platform.put('/api/plattformadministrator/second-factor', { required: false });
    }
    expect((await signIn(otherUser)).status).toBe(200);
    const entries = await AuditModel.find({ action: 'settings.secondFactorChanged', schoolId: null }).sort({ _id: 1 }).lean();
    expect(entries.map((entry) => entry.detail)).toEqual(['På for plattformadministratorer', 'Av']);
  });

  it('is on by default in production, and REQUIRE_SECOND_FACTOR_PLATFORM decides when set', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig(production).platformSecondFactor).toEqual({ forced: undefined, byDefault: true });
    expect(loadConfig({}).platformSecondFactor).toEqual({ forced: undefined, byDefault: false });
    expect(loadConfig({ ...production, REQUIRE_SECOND_FACTOR_PLATFORM: 'false' }).platformSecondFactor.forced).toBe(false);
    expect(loadConfig({ REQUIRE_SECOND_FACTOR_PLATFORM: 'true' }).platformSecondFactor.forced).toBe(true);
  });
});
