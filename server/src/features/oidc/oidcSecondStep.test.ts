import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { OIDC_FAILURE_PARAM } from '#protocol/oidc';
import { CODE_STEP_PATH, SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { TEXTS } from '#protocol/texts';
import { makeUser } from '../../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { type TestAccount, type TestProvider, type TestProviders } from '../../../test/oidcProvider';
import { RedirectWalker } from '../../../test/redirectWalker';
import { storedSession } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { useServerWithProviders } from '../../../test/useTestServer';
import { PasskeyModel } from '../../core/accounts/passkeyModel';
import { School } from '../../core/accounts/schoolModel';
import { PendingSignIn, TotpModel } from '../../core/accounts/totpModel';
import { newSecret } from '../secondFactor/totp';
import { UserModel } from '../../core/accounts/userModel';

/**
 * Issue 43: an authenticator app the person turned on is asked for after Feide or Microsoft too,
 * as after a right password: the provider's callback leaves the session waiting for the code and
 * sends the browser to the sign-in page's code step; the right code finishes the sign-in the
 * provider began (its ID token kept for signing out there, a link by e-mail stored only then).
 */
let idps: TestProviders;
let server: TestServer;
let fx: Fixture;

useServerWithProviders((running) => ({ idps, server, fx } = running));

let subjects = 0;
const account = (fields: Omit<TestAccount, 'sub'>): TestAccount => ({ sub: `kode-${(subjects += 1)}`, ...fields });
const identitiesOf = async (userId: string) => (await UserModel.findById(userId).lean())?.identities ?? [];

/** Turns the app on for the user as a confirmed set-up leaves it; answers the secret. */
async function withTotp(user: FixtureUser): Promise<string> {
  const secret = newSecret();
  await TotpModel.create({ userId: user.id, secret, lastStep: -1, recoveryHashes: [], enabledAt: new Date() });
  await UserModel.updateOne({ _id: user.id }, { $set: { authenticatorApp: true } });
  return secret;
}

const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() });
/** A code that is none of the app's: the right one's last digit changed. */
const wrongCode = (secret: string) => codeNow(secret).replace(/.$/, (digit) => String((Number(digit) + 5) % 10));

async function signInWith(provider: TestProvider, who: TestAccount) {
  const walker = new RedirectWalker(server.baseUrl);
  provider.signInAs(who);
  const { url } = await walker.follow(`/api/auth/oidc/${provider.id}/start`);
  return { walker, landed: url.pathname + url.search };
}

async function sendCode(walker: RedirectWalker, code: string) {
  const res = await walker.request('/api/auth/second-factor', { method: 'POST', body: { code } });
  return { status: res.status, body: (await res.json()) as { user?: { id: string; role: string }; code?: string; message?: string } };
}

describe('signing in through a provider with the authenticator app on', () => {
  it('waits for the code: no session and no link before it, a wrong code refused, the right one signs in and keeps the provider’s sign-out', async () => {
    const user = fx.a.supervisor;
    const secret = await withTotp(user);
    const who = account({ email: user.email, email_verified: true, name: 'Kari A' });
    const { walker, landed } = await signInWith(idps.feide, who);
    expect(landed).toBe(CODE_STEP_PATH);
    expect((await walker.me()).status).toBe(401);
    const waiting = await storedSession(walker.cookie('tilsynsvakt.sid'));
    expect(waiting?.userId).toBeUndefined();
    expect(waiting?.pending).toHaveProperty('secondFactor');
    // The link found by e-mail waits for the code as the session does.
    expect(await identitiesOf(user.id)).toHaveLength(0);

    const wrong = await sendCode(walker, wrongCode(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'wrongCode', message: SECOND_FACTOR_TEXTS.wrongCode });
    expect((await walker.me()).status).toBe(401);
    expect(await identitiesOf(user.id)).toHaveLength(0);

    const right = await sendCode(walker, codeNow(secret));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.user).toMatchObject({ id: user.id });
    const me = await walker.me();
    expect(me.user).toMatchObject({ id: user.id, status: 'approved' });
    expect(me.user?.signIn).toMatchObject({ authenticatorApp: true, providers: [{ id: 'feide', name: 'Feide' }] });
    const [link] = await identitiesOf(user.id);
    expect(link).toMatchObject({ issuer: idps.feide.issuer, subject: who.sub, providerId: 'feide' });
    const session = await storedSession(walker.cookie('tilsynsvakt.sid'));
    expect(session).toMatchObject({ userId: user.id, method: 'oidcAndCode', oidc: { providerId: 'feide' } });
    expect(session).not.toHaveProperty('pending');
    expect(await PendingSignIn.countDocuments({ userId: user.id })).toBe(0);

    // Signing out still ends the session at the provider, with the ID token the provider gave.
    const out = await walker.request('/api/auth/logout', { method: 'POST' });
    const body = (await out.json()) as { message: string; endSessionUrl?: string };
    expect(body.message).toBe(TEXTS.loggedOut);
    const end = new URL(body.endSessionUrl!);
    expect(end.origin).toBe(idps.feide.issuer);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await walker.me()).status).toBe(401);
    const page = await (await walker.request(end.href)).text();
    const action = new URL(/action="([^"]+)"/.exec(page)![1]!, end);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await walker.request(action.href, { method: 'POST', form: { xsrf, logout: 'yes' } });
    const { url } = await walker.follow(new URL(confirmed.headers.get('location')!, action).href);
    expect(url.href).toBe(`${server.baseUrl}/login`);
    expect(idps.feide.endedSessions).toContain(who.sub);

    // Linked now: the next sign-in by the link asks for the code again.
    const again = await signInWith(idps.feide, { ...who, email: 'annen@test.no' });
    expect(again.landed).toBe(CODE_STEP_PATH);
    expect((await again.walker.me()).status).toBe(401);
  });

  it('stores no link and makes no session when the code never comes right: five wrong, then the sign-in again', async () => {
    const user = fx.b.supervisor;
    const secret = await withTotp(user);
    const { walker, landed } = await signInWith(idps.feide, account({ email: user.email, email_verified: true }));
    expect(landed).toBe(CODE_STEP_PATH);
    for (let i = 0; i < 5; i += 1) expect((await sendCode(walker, wrongCode(secret))).body.code).toBe('wrongCode');
    const spent = await sendCode(walker, codeNow(secret));
    expect(spent.status).toBe(401);
    expect(spent.body).toMatchObject({ code: 'secondFactorExpired', message: SECOND_FACTOR_TEXTS.signInExpired });
    expect((await walker.me()).status).toBe(401);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });

  it('needs the browser that came back from the provider: another one’s code finishes nothing', async () => {
    const user = fx.a.caretaker;
    const secret = await withTotp(user);
    const { landed } = await signInWith(idps.feide, account({ email: user.email, email_verified: true }));
    expect(landed).toBe(CODE_STEP_PATH);
    const other = new RedirectWalker(server.baseUrl);
    const res = await sendCode(other, codeNow(secret));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('secondFactorExpired');
    expect((await other.me()).status).toBe(401);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });

  it('lets an Admin of a school that requires a second factor in with the code; without the app, with only a passkey, still refused', async () => {
    await School.updateOne({ _id: fx.b.id }, { $set: { requireSecondFactor: true } });
    try {
      const withApp = await makeUser(fx.b.id, 'Admin');
      const secret = await withTotp(withApp);
      const { walker, landed } = await signInWith(idps.feide, account({ email: withApp.email, email_verified: true }));
      expect(landed).toBe(CODE_STEP_PATH);
      const right = await sendCode(walker, codeNow(secret));
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect((await walker.me()).user).toMatchObject({ id: withApp.id, role: 'Admin' });
      expect((await walker.request('/api/admin/users')).status).toBe(200);

      // As password sign-in: a passkey-only Admin gets no code step and no session through the provider.
      const passkeyOnly = fx.b.admin;
      await PasskeyModel.create({
        userId: passkeyOnly.id,
        credentialId: 'kun-passnokkel',
        publicKey: 'AA',
        counter: 0,
        transports: [],
        name: 'Telefon',
        createdAt: new Date(),
      });
      const refused = await signInWith(idps.feide, account({ email: passkeyOnly.email, email_verified: true }));
      expect(refused.landed).toBe(`/login?${OIDC_FAILURE_PARAM}=secondFactor`);
      expect((await refused.walker.me()).status).toBe(401);
      expect(await identitiesOf(passkeyOnly.id)).toHaveLength(0);
      expect((await new ApiClient(server.baseUrl).login(passkeyOnly.email, PASSWORD)).status).toBe(403);
    } finally {
      await School.updateOne({ _id: fx.b.id }, { $set: { requireSecondFactor: false } });
    }
  });
});
