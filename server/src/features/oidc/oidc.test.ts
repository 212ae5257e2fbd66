import { describe, expect, it } from 'vitest';
import { OIDC_FAILURE_PARAM } from '#protocol/oidc';
import { TEXTS } from '#protocol/texts';
import { PASSWORD, type Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { TEST_CLIENT, type TestAccount, type TestProvider, type TestProviders } from '../../../test/oidcProvider';
import { RedirectWalker } from '../../../test/redirectWalker';
import { signedIn, signedInAs, storedSession } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { useServerWithProviders } from '../../../test/useTestServer';
import { AuditModel } from '../audit/model';
import { SessionModel } from '../../core/sessions/sessionModel';
import { UserModel } from '../../core/accounts/userModel';
import { OidcFlow } from './flowModel';

let idps: TestProviders;
let server: TestServer;
let fx: Fixture;

useServerWithProviders((running) => ({ idps, server, fx } = running));

let subjects = 0;
const account = (fields: Omit<TestAccount, 'sub'>): TestAccount => ({ sub: `person-${(subjects += 1)}`, ...fields });
const failure = (code: string) => `/login?${OIDC_FAILURE_PARAM}=${code}`;

/** A fresh browser signs in at the provider as the account: where the app sends it at the end. */
async function signInWith(provider: TestProvider, who: TestAccount, walker = new RedirectWalker(server.baseUrl)) {
  provider.signInAs(who);
  const { url } = await walker.follow(`/api/auth/oidc/${provider.id}/start`);
  return { walker, landed: url.pathname + url.search };
}

/** Up to the app's callback, not into it: the callback's address as the provider made it. */
async function untilCallback(provider: TestProvider, who: TestAccount, walker = new RedirectWalker(server.baseUrl)) {
  provider.signInAs(who);
  const { url } = await walker.follow(`/api/auth/oidc/${provider.id}/start`, (next) => next.pathname.endsWith('/callback'));
  return { walker, callback: url };
}

const identitiesOf = async (userId: string) => (await UserModel.findById(userId).lean())?.identities ?? [];

describe('GET /api/auth/providers', () => {
  it('lists each provider by id and name, and nothing of its secret or issuer', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/providers`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual([
      { id: 'feide', name: 'Feide' },
      { id: 'microsoft', name: 'Microsoft' },
    ]);
    expect(text).not.toContain(TEST_CLIENT.secret);
    expect(text).not.toContain(TEST_CLIENT.id);
    expect(text).not.toContain(idps.feide.issuer);
  });
});

describe('an unknown provider', () => {
  it('is a 404 with a Norwegian message at both ends, and starts nothing', async () => {
    const before = await OidcFlow.countDocuments();
    for (const path of ['/api/auth/oidc/ukjent/start', '/api/auth/oidc/ukjent/callback?code=x&state=y']) {
      const res = await new ApiClient(server.baseUrl).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ message: 'Ukjent innloggingstjeneste' });
    }
    const odd = await new ApiClient(server.baseUrl).get('/api/auth/oidc/%24where/start');
    expect(odd.status).toBe(400);
    expect(await OidcFlow.countDocuments()).toBe(before);
  });
});

describe('signing in through a provider', () => {
  it('the first time links by the verified e-mail, afterwards by subject alone (a new e-mail at the provider still signs in)', async () => {
    const who = account({ email: fx.a.supervisor.email.toUpperCase(), email_verified: true, name: 'Sara Tilsyn' });
    const first = await signInWith(idps.feide, who);
    expect(first.landed).toBe('/tilsynsvakt');
    const me = await first.walker.me();
    expect(me.user).toMatchObject({ id: fx.a.supervisor.id, status: 'approved' });
    expect(me.user?.signIn).toEqual({
      password: true,
      passkey: false,
      authenticatorApp: false,
      providers: [{ id: 'feide', name: 'Feide' }],
    });
    const [link] = await identitiesOf(fx.a.supervisor.id);
    expect(link).toMatchObject({ issuer: idps.feide.issuer, subject: who.sub, providerId: 'feide' });
    expect(await AuditModel.countDocuments({ action: 'user.identityLinked', targetId: fx.a.supervisor.id, detail: 'Feide' })).toBe(1);

    // The same person, their address changed at the provider (and no longer verified): the subject decides.
    const again = await signInWith(idps.feide, { ...who, email: 'ny.adresse@skole.no', email_verified: false });
    expect(again.landed).toBe('/tilsynsvakt');
    expect((await again.walker.me()).user?.id).toBe(fx.a.supervisor.id);
    expect(await identitiesOf(fx.a.supervisor.id)).toHaveLength(1);
  });

  it('makes the same session as password sign-in: a new session id, the device cookie, the landing of the role', async () => {
    const walker = new RedirectWalker(server.baseUrl);
    const who = account({ email: fx.a.admin.email, email_verified: true, name: 'Anne Admin' });
    // The Entra-like provider puts name and e-mail in the ID token itself.
    const { landed } = await signInWith(idps.microsoft, who, walker);
    expect(landed).toBe('/admin');
    expect(walker.cookie('tilsynsvakt.sid')).toBeTruthy();
    expect(walker.cookie('tilsynsvakt.device')).toBeTruthy();
    expect((await walker.me()).user).toMatchObject({ id: fx.a.admin.id, role: 'Admin' });
    const sessionId = decodeURIComponent(walker.cookie('tilsynsvakt.sid')!).split('.')[0];
    const row = await SessionModel.findById(sessionId).lean();
    expect(JSON.parse(row!.data)).toMatchObject({ userId: fx.a.admin.id, oidc: { providerId: 'microsoft' } });
    // The flow is spent: sign-in made a new session, and nothing of it is kept there.
    expect(JSON.parse(row!.data)).not.toHaveProperty('pending');
  });

  it('refuses a wrong state: no session, and the flow is spent', async () => {
    const who = account({ email: fx.b.supervisor.email, email_verified: true });
    const { walker, callback } = await untilCallback(idps.feide, who);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'en-annen-tilstand');
    const res = await walker.request(forged.href);
    expect(res.headers.get('location')).toBe(failure('failed'));
    expect((await walker.me()).status).toBe(401);
    // The right state afterwards: the flow was taken by the forged attempt.
    const late = await walker.request(callback.href);
    expect(late.headers.get('location')).toBe(failure('expired'));
    expect((await walker.me()).status).toBe(401);
    expect(await identitiesOf(fx.b.supervisor.id)).toHaveLength(0);
  });

  it('refuses a code used again: by the same browser, and by another browser with a flow of its own', async () => {
    const who = account({ email: fx.b.admin.email, email_verified: true });
    const { walker, callback } = await untilCallback(idps.microsoft, who);
    const used = await walker.request(callback.href);
    expect(used.headers.get('location')).toBe('/admin');

    const replay = await walker.request(callback.href);
    expect(replay.headers.get('location')).toBe(failure('expired'));

    // An attacker with the code: their own flow (cookie and state), the victim's code. Its PKCE
    // verifier is not the one the code was issued for, and the code is spent: the provider refuses.
    const attacker = new RedirectWalker(server.baseUrl);
    idps.microsoft.signInAs(account({ email: 'angriper@example.com', email_verified: true }));
    const start = await attacker.request('/api/auth/oidc/microsoft/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const stolen = new URL(callback);
    stolen.searchParams.set('state', state);
    const res = await attacker.request(stolen.href);
    expect(res.headers.get('location')).toBe(failure('failed'));
    expect((await attacker.me()).status).toBe(401);
  });

  it('refuses a flow older than 10 minutes', async () => {
    const who = account({ email: fx.b.caretaker.email, email_verified: true });
    const { walker, callback } = await untilCallback(idps.feide, who);
    await OidcFlow.updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await walker.request(callback.href);
    expect(res.headers.get('location')).toBe(failure('expired'));
    expect((await walker.me()).status).toBe(401);
  });

  it('never links an unverified e-mail, to an account or to a registration', async () => {
    const existing = await signInWith(idps.feide, account({ email: fx.a.caretaker.email, name: 'Vaktmester' }));
    expect(existing.landed).toBe(failure('emailUnverified'));
    expect((await existing.walker.me()).status).toBe(401);
    expect(await identitiesOf(fx.a.caretaker.id)).toHaveLength(0);

    const stranger = await signInWith(
      idps.microsoft,
      account({ email: 'ukjent.person@example.com', email_verified: false, name: 'Ukjent' }),
    );
    expect(stranger.landed).toBe(failure('emailUnverified'));
    expect((await storedSession(stranger.walker.cookie('tilsynsvakt.sid')))?.pending).toBeUndefined();
    expect(await UserModel.countDocuments({ email: 'ukjent.person@example.com' })).toBe(0);
  });

  it('keeps a deactivated account out, and a pending one found by e-mail unlinked', async () => {
    const deactivated = await signInWith(idps.feide, account({ email: fx.a.deactivated.email, email_verified: true }));
    expect(deactivated.landed).toBe(failure('deactivated'));
    expect((await deactivated.walker.me()).status).toBe(401);
    expect(await signedInAs(deactivated.walker.cookie('tilsynsvakt.sid'))).toBeNull();
    expect(await identitiesOf(fx.a.deactivated.id)).toHaveLength(0);

    const pending = await signInWith(idps.feide, account({ email: fx.a.pending.email, email_verified: true }));
    expect(pending.landed).toBe(failure('notApproved'));
    expect(await identitiesOf(fx.a.pending.id)).toHaveLength(0);
  });

  it('keeps a linked account out once it is deactivated', async () => {
    const who = account({ email: fx.b.caretaker.email, email_verified: true });
    expect((await signInWith(idps.microsoft, who)).landed).toBe('/vaktmester');
    await UserModel.updateOne({ _id: fx.b.caretaker.id }, { $set: { status: 'deactivated' } });
    try {
      const again = await signInWith(idps.microsoft, who);
      expect(again.landed).toBe(failure('deactivated'));
      expect((await again.walker.me()).status).toBe(401);
      expect(await AuditModel.countDocuments({ action: 'user.signInRefused', targetId: fx.b.caretaker.id })).toBe(1);
    } finally {
      await UserModel.updateOne({ _id: fx.b.caretaker.id }, { $set: { status: 'approved' } });
    }
  });

  it('never signs the Plattformadministrator in, nor links their account', async () => {
    const { walker, landed } = await signInWith(idps.feide, account({ email: fx.platformAdmin.email, email_verified: true }));
    expect(landed).toBe(failure('platformAdmin'));
    expect((await walker.me()).status).toBe(401);
    expect(await identitiesOf(fx.platformAdmin.id)).toHaveLength(0);
  });

  it('turns a user of an inactive school away, as password sign-in does', async () => {
    const { landed } = await signInWith(idps.feide, account({ email: fx.inactiveSchool.admin.email, email_verified: true }));
    // The school's Admin: told to contact the Plattformadministrator (issue 45).
    expect(landed).toBe(failure('schoolInactiveAdmin'));
  });

  it('comes back to /login with a code when the person says no at the provider', async () => {
    const walker = new RedirectWalker(server.baseUrl);
    const start = await walker.request('/api/auth/oidc/feide/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await walker.request(
      `/api/auth/oidc/feide/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idps.feide.issuer)}`,
    );
    expect(res.headers.get('location')).toBe(failure('cancelled'));
  });
});

describe('an unknown identity', () => {
  it('goes to the registration form prefilled, registers without a password, waits for approval, then signs in', async () => {
    const who = account({ email: 'ny.ansatt@skole.no', email_verified: true, name: 'Nora Nyansatt' });
    const { walker, landed } = await signInWith(idps.feide, who);
    expect(landed).toBe('/register?med=feide');
    expect((await walker.me()).status).toBe(401);

    const info = await walker.request('/api/auth/oidc/registration');
    expect(await info.json()).toEqual({ providerName: 'Feide', name: 'Nora Nyansatt', email: 'ny.ansatt@skole.no' });

    // Bad input stores nothing and leaves the registration to be finished.
    const bad = await walker.request('/api/auth/oidc/registration', { method: 'POST', body: { schoolId: 'x', name: '' } });
    expect(bad.status).toBe(400);
    const unknownSchool = await walker.request('/api/auth/oidc/registration', {
      method: 'POST',
      body: { schoolId: fx.inactiveSchool.id, name: 'Nora' },
    });
    expect(unknownSchool.status).toBe(400);
    expect(await unknownSchool.json()).toMatchObject({ message: TEXTS.unknownSchool });
    expect(await UserModel.countDocuments({ email: 'ny.ansatt@skole.no' })).toBe(0);

    const created = await walker.request('/api/auth/oidc/registration', {
      method: 'POST',
      body: { schoolId: fx.a.id, name: 'Nora Nyansatt' },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { user: { id: string; status: string; signIn: unknown } };
    expect(body.user).toMatchObject({ status: 'pending', signIn: { password: false, providers: [{ id: 'feide', name: 'Feide' }] } });
    expect((await walker.me()).user).toMatchObject({ id: body.user.id, status: 'pending' });
    const stored = await UserModel.findById(body.user.id).lean();
    expect(stored?.passwordHash ?? null).toBeNull();
    expect(stored?.identities?.[0]).toMatchObject({ issuer: idps.feide.issuer, subject: who.sub });

    // The registration was spent; no password signs in to the account.
    expect((await walker.request('/api/auth/oidc/registration')).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).login('ny.ansatt@skole.no', PASSWORD)).status).toBe(401);

    // While pending, the provider signs them in to their status screen, as a password would.
    const waiting = await signInWith(idps.feide, who);
    expect(waiting.landed).toBe('/tilsynsvakt');
    expect((await waiting.walker.me()).user?.status).toBe('pending');

    const admin = await signedIn(server.baseUrl, fx.a.admin);
    expect((await admin.post(`/api/admin/users/${body.user.id}/approve`)).status).toBe(200);
    const approved = await signInWith(idps.feide, { ...who, email: 'endret@skole.no' });
    expect(approved.landed).toBe('/tilsynsvakt');
    expect((await approved.walker.me()).user).toMatchObject({ id: body.user.id, status: 'approved' });
  });

  it('needs the flow of this browser: another browser gets nothing to fill in or register', async () => {
    const other = new RedirectWalker(server.baseUrl);
    const info = await other.request('/api/auth/oidc/registration');
    expect(info.status).toBe(404);
    expect(await info.json()).toMatchObject({ message: 'Innloggingen er utløpt. Begynn på nytt fra innloggingssiden.' });
    const post = await other.request('/api/auth/oidc/registration', { method: 'POST', body: { schoolId: fx.a.id, name: 'Noen' } });
    expect(post.status).toBe(404);
  });
});

describe('signing out', () => {
  it('ends the local session and names the provider’s end-session address, which signs out there and comes back to /login', async () => {
    const who = account({ email: fx.b.supervisor.email, email_verified: true });
    const { walker, landed } = await signInWith(idps.feide, who);
    expect(landed).toBe('/tilsynsvakt');
    const res = await walker.request('/api/auth/logout', { method: 'POST' });
    const body = (await res.json()) as { message: string; endSessionUrl?: string };
    expect(body.message).toBe(TEXTS.loggedOut);
    const end = new URL(body.endSessionUrl!);
    expect(end.origin).toBe(idps.feide.issuer);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/login`);
    expect((await walker.me()).status).toBe(401);

    // The provider's confirmation page (it submits itself in a browser; here by hand), then back to /login.
    const page = await (await walker.request(end.href)).text();
    const action = new URL(/action="([^"]+)"/.exec(page)![1]!, end);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await walker.request(action.href, { method: 'POST', form: { xsrf, logout: 'yes' } });
    const { url } = await walker.follow(new URL(confirmed.headers.get('location')!, action).href);
    expect(url.href).toBe(`${server.baseUrl}/login`);
    expect(idps.feide.endedSessions).toContain(who.sub);
  });

  it('names no provider after password sign-in', async () => {
    const client = await signedIn(server.baseUrl, fx.a.caretaker);
    const res = await client.post('/api/auth/logout');
    expect(res.body).toEqual({ message: TEXTS.loggedOut });
  });
});

describe('the Admin and the links', () => {
  it('sees per user how they sign in, and removes a link, audited; another school’s Admin cannot', async () => {
    const who = account({ email: fx.a.caretaker.email, email_verified: true });
    expect((await signInWith(idps.microsoft, who)).landed).toBe('/vaktmester');
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const list = await admin.get<Array<{ id: string; signIn: unknown }>>('/api/admin/users');
    expect(list.body.find((user) => user.id === fx.a.caretaker.id)?.signIn).toEqual({
      password: true,
      passkey: false,
      authenticatorApp: false,
      providers: [{ id: 'microsoft', name: 'Microsoft' }],
    });

    const adminB = await signedIn(server.baseUrl, fx.b.admin);
    expect((await adminB.delete(`/api/admin/users/${fx.a.caretaker.id}/identities/microsoft`)).status).toBe(404);
    expect(await identitiesOf(fx.a.caretaker.id)).toHaveLength(1);

    const removed = await admin.delete<{ signIn: unknown }>(`/api/admin/users/${fx.a.caretaker.id}/identities/microsoft`);
    expect(removed.status).toBe(200);
    expect(removed.body.signIn).toEqual({ password: true, passkey: false, authenticatorApp: false, providers: [] });
    expect(await AuditModel.countDocuments({ action: 'user.identityUnlinked', targetId: fx.a.caretaker.id, detail: 'Microsoft' })).toBe(1);
    const again = await admin.delete<{ message: string }>(`/api/admin/users/${fx.a.caretaker.id}/identities/microsoft`);
    expect(again.status).toBe(404);
  });
});

describe('password sign-in', () => {
  it('still works beside the providers', async () => {
    const res = await new ApiClient(server.baseUrl).login(fx.b.admin.email, PASSWORD);
    expect(res.status).toBe(200);
  });
});
