import { FIELD_NAMES } from '#protocol/fieldNames';
import { describe, expect, it } from 'vitest';
import { useServerWithFixture } from '../../../test/useTestServer';
import { TEXTS } from '#protocol/texts';
import { PASSWORD, type Fixture, type FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { type TestServer } from '../../../test/testServer';
import { SessionModel } from '../../core/sessions/sessionModel';
import { SESSION_COOKIE } from '../../plugins/session';
import { UserModel } from '../../core/accounts/userModel';

let server: TestServer;
let fx: Fixture;

useServerWithFixture((s) => ({ server, fx } = s));

const anon = () => new ApiClient(server.baseUrl);

describe('POST /api/auth/login', () => {
  it('signs in every approved role, trimming and ignoring case in the e-mail', async () => {
    for (const user of [fx.a.admin, fx.a.supervisor, fx.a.caretaker, fx.platformAdmin]) {
      const client = anon();
      const res = await client.post<{ user: { id: string; role: string; status: string }; sessionId: string; browserCompatible: boolean }>(
        '/api/auth/login',
        { email: `  ${user.email.toUpperCase()} `, password: PASSWORD },
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, role: user.role, status: 'approved', email: user.email });
      expect(res.body.browserCompatible).toBe(true);
      expect(res.body.sessionId).toMatch(/^[0-9a-f]{32}$/);
      expect(client.cookie).toBeTruthy();
      // The id handed to the browser is not the cookie's session id.
      expect(client.cookie).not.toContain(res.body.sessionId);
      expect(res.body).not.toHaveProperty('user.passwordHash');
    }
  });

  it('sets an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await anon().login(fx.a.admin.email, PASSWORD);
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('lets pending and deactivated users sign in, with their status', async () => {
    for (const user of [fx.a.pending, fx.a.deactivated]) {
      const res = await anon().login(user.email, PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id });
      expect((res.body.user as unknown as { status: string }).status).toBe(user.status);
    }
  });

  it('refuses a wrong password or unknown e-mail with one message', async () => {
    for (const body of [
      { email: fx.a.admin.email, password: 'feil-passord' },
      { email: 'finnes.ikke@test.no', password: PASSWORD },
    ]) {
      const client = anon();
      const res = await client.post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: TEXTS.invalidCredentials, code: 'invalidCredentials' });
      expect(client.cookie).toBeNull();
    }
  });

  it('refuses users of an inactive school', async () => {
    const res = await anon().login(fx.inactiveSchool.admin.email, PASSWORD);
    expect(res.status).toBe(403);
    // The school's Admin is told to contact the Plattformadministrator, not herself (issue 45).
    expect(res.body).toEqual({ message: TEXTS.schoolInactiveForAdmin, code: 'schoolInactive' });
  });

  it('rejects hostile and malformed input with a Norwegian message naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: { $gt: '' }, password: PASSWORD }, 'email'],
      [{ email: fx.a.admin.email, password: { $ne: null } }, 'password'],
      [{ email: fx.a.admin.email }, 'password'],
      [{ password: PASSWORD }, 'email'],
      [{ email: 'ikke-en-epost', password: PASSWORD }, 'email'],
      [{ email: ['a@b.no'], password: PASSWORD }, 'email'],
      [{ email: 42, password: PASSWORD }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await anon().post<{ message: string }>('/api/auth/login', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}»`);
    }
    const notJson = await anon().request<{ message: string }>('POST', '/api/auth/login', undefined, { rawBody: '{"email":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ message: TEXTS.badJson, code: 'invalid' });
    const array = await anon().post<{ message: string }>('/api/auth/login', [1, 2]);
    expect(array.status).toBe(400);
  });

  it('refuses huge bodies without storing anything', async () => {
    const before = await SessionModel.countDocuments();
    const res = await anon().post('/api/auth/login', { email: fx.a.admin.email, password: 'x'.repeat(400_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: TEXTS.bodyTooLarge, code: 'bodyTooLarge' });
    expect(await SessionModel.countDocuments()).toBe(before);
  });

  it('requires the X-Requested-With header on mutations', async () => {
    const res = await anon().request('POST', '/api/auth/login', { email: fx.a.admin.email, password: PASSWORD }, { xhr: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: TEXTS.missingXhrHeader, code: 'missingXhrHeader' });
  });

  it('regenerates the session: a cookie from before sign-in is dead afterwards (no fixation)', async () => {
    const client = await signedIn(server.baseUrl, fx.a.supervisor);
    const before = client.cookie;
    await client.login(fx.a.admin.email, PASSWORD);
    expect(client.cookie).not.toBe(before);
    const attacker = anon();
    attacker.cookie = before;
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
    expect((await client.get<{ user: { id: string } }>('/api/auth/me')).body.user.id).toBe(fx.a.admin.id);
  });

  it('stores the session in the database with the user id', async () => {
    await signedIn(server.baseUrl, fx.b.caretaker);
    expect(await SessionModel.countDocuments({ userId: fx.b.caretaker.id })).toBeGreaterThan(0);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 when signed out or with a forged cookie', async () => {
    expect((await anon().get('/api/auth/me')).status).toBe(401);
    const forged = anon();
    forged.cookie = 'abc.def';
    const res = await forged.get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: TEXTS.notSignedIn, code: 'notSignedIn' });
  });

  it('returns { user } for every role and status that can sign in', async () => {
    for (const user of [fx.a.admin, fx.a.supervisor, fx.a.caretaker, fx.a.pending, fx.a.deactivated, fx.platformAdmin]) {
      const res = await (await signedIn(server.baseUrl, user)).get<{ user: Record<string, unknown> }>('/api/auth/me');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        role: user.role,
        status: user.status,
        schoolId: user.schoolId,
      });
    }
  });

  it('ends a session past the absolute timeout', async () => {
    const client = await signedIn(server.baseUrl, fx.a.admin);
    const session = await SessionModel.findOne({ userId: fx.a.admin.id }).sort({ expiresAt: -1 });
    const data = JSON.parse(session!.data) as { signedInAt: number };
    data.signedInAt -= server.config.sessionAbsoluteMs + 1000;
    await SessionModel.updateMany({ userId: fx.a.admin.id }, { $set: { data: JSON.stringify(data) } });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('does not accept an idle session whose expiry has passed', async () => {
    const client = await signedIn(server.baseUrl, fx.b.admin);
    await SessionModel.updateMany({ userId: fx.b.admin.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session so the old cookie is useless', async () => {
    const client = await signedIn(server.baseUrl, fx.a.caretaker);
    const cookie = client.cookie;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.loggedOut });
    const replay = anon();
    replay.cookie = cookie;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 200 when not signed in', async () => {
    expect((await anon().post('/api/auth/logout')).status).toBe(200);
  });
});

describe('POST /api/auth/register', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    schoolId: fx.a.id,
    name: 'Ola Nordmann',
    email: 'ola@test.no',
    password: 'hemmelig',
    ...over,
  });

  it('creates a pending Tilsynsvakt of the chosen school', async () => {
    const res = await anon().post('/api/auth/register', body({ email: '  Ola.Ny@Test.no ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TEXTS.registered });
    const stored = await UserModel.findOne({ email: 'ola.ny@test.no' }).lean();
    expect(stored).toMatchObject({ name: 'Ola Nordmann', role: 'Tilsynsvakt', status: 'pending' });
    expect(stored!.schoolId!.toHexString()).toBe(fx.a.id);
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await anon().login('ola.ny@test.no', 'hemmelig');
    expect(login.status).toBe(200);
    expect((login.body.user as unknown as { status: string }).status).toBe('pending');
  });

  it('does not tell whether an e-mail has an account: the same answer, and nothing stored or changed', async () => {
    const before = await UserModel.findOne({ email: fx.b.admin.email }).lean();
    const res = await anon().post('/api/auth/register', body({ email: fx.b.admin.email.toUpperCase(), password: 'annet-passord' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TEXTS.registered });
    expect(await UserModel.countDocuments({ email: fx.b.admin.email })).toBe(1);
    expect(await UserModel.findOne({ email: fx.b.admin.email }).lean()).toEqual(before);
    expect((await anon().login(fx.b.admin.email, 'annet-passord')).status).toBe(401);
  });

  it('refuses an inactive or unknown school', async () => {
    for (const schoolId of [fx.inactiveSchool.id, '0123456789abcdef01234567']) {
      const res = await anon().post('/api/auth/register', body({ schoolId, email: `x${schoolId}@test.no` }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: TEXTS.unknownSchool, code: 'invalid' });
    }
  });

  it('validates every field and stores nothing on bad input', async () => {
    const before = await UserModel.countDocuments();
    const cases: Array<[Record<string, unknown>, string]> = [
      [body({ password: '12345' }), 'password'],
      [body({ name: '   ' }), 'name'],
      [body({ name: 'x'.repeat(101) }), 'name'],
      [body({ email: { $gt: '' } }), 'email'],
      [body({ schoolId: 'not-an-id' }), 'schoolId'],
      [body({ schoolId: { $ne: null } }), 'schoolId'],
      [{ name: 'A', email: 'a@b.no', password: 'hemmelig' }, 'schoolId'],
    ];
    for (const [payload, field] of cases) {
      const res = await anon().post<{ message: string }>('/api/auth/register', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}»`);
    }
    expect(await UserModel.countDocuments()).toBe(before);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password for every approved role and ends their other sessions', async () => {
    const users: FixtureUser[] = [fx.b.supervisor, fx.b.caretaker, fx.platformAdmin];
    for (const user of users) {
      const other = await signedIn(server.baseUrl, user);
      const client = await signedIn(server.baseUrl, user);
      const res = await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nyttpassord' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: TEXTS.passwordChanged });
      expect((await client.get('/api/auth/me')).status).toBe(200);
      expect((await other.get('/api/auth/me')).status).toBe(401);
      expect((await anon().login(user.email, PASSWORD)).status).toBe(401);
      expect((await anon().login(user.email, 'nyttpassord')).status).toBe(200);
      await client.put('/api/auth/change-password', { currentPassword: 'nyttpassord', newPassword: PASSWORD });
    }
  });

  it('refuses a wrong current password and a short new one', async () => {
    const client = await signedIn(server.baseUrl, fx.a.admin);
    const wrong = await client.put('/api/auth/change-password', { currentPassword: 'feil', newPassword: 'nyttpassord' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: TEXTS.wrongCurrentPassword, code: 'wrongCurrentPassword' });
    const short = await client.put<{ message: string }>('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('«nytt passord»');
    expect((await anon().login(fx.a.admin.email, PASSWORD)).status).toBe(200);
  });

  it('is refused when signed out, pending or deactivated', async () => {
    const body = { currentPassword: PASSWORD, newPassword: 'nyttpassord' };
    expect((await anon().put('/api/auth/change-password', body)).status).toBe(401);
    const pending = await (await signedIn(server.baseUrl, fx.a.pending)).put('/api/auth/change-password', body);
    expect(pending.status).toBe(403);
    expect(pending.body).toEqual({ message: TEXTS.accountPending, code: 'accountPending' });
    const deactivated = await (await signedIn(server.baseUrl, fx.a.deactivated)).put('/api/auth/change-password', body);
    expect(deactivated.status).toBe(403);
    expect(deactivated.body).toEqual({ message: TEXTS.accountDeactivated, code: 'accountDeactivated' });
  });
});

describe('GET /api/schools', () => {
  it('lists active schools only, as { id, name }, to anyone', async () => {
    const res = await anon().get<Array<{ id: string; name: string }>>('/api/schools');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: fx.a.id, name: 'Skole A' },
      { id: fx.b.id, name: 'Skole B' },
    ]);
  });
});

describe('unknown paths and health', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const path of ['/api/finnes-ikke', '/api/auth/me/extra', '/api']) {
      const res = await anon().get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: TEXTS.notFound, code: 'notFound' });
    }
  });

  it('reports the app and database state', async () => {
    const res = await anon().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers a path that is not valid UTF-8 as every error: { message, code } in Norwegian', async () => {
    for (const path of ['/api/admin/students/%c0%af', '/api/reports/%ff', '/%E0%A4%A']) {
      const res = await anon().get<{ message: string; code: string }>(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message: 'Ugyldig adresse', code: 'invalid' });
    }
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await anon().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // One framing rule: no page of the app may be framed, said once.
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});

describe('session store', () => {
  /** The store as @fastify/session calls it. */
  async function storeOf(idleMs: number) {
    const { MongoSessionStore } = await import('../../core/sessions/sessionStore');
    const store = new MongoSessionStore(idleMs);
    const done = (resolve: () => void, reject: (err: unknown) => void) => (err?: unknown) => (err ? reject(err) : resolve());
    return {
      set: (id: string, data: Record<string, unknown>) =>
        new Promise<void>((resolve, reject) => store.set(id, data as never, done(resolve, reject))),
      get: (id: string) => new Promise<unknown>((resolve, reject) => store.get(id, (err, found) => (err ? reject(err) : resolve(found)))),
      destroy: (id: string) => new Promise<void>((resolve, reject) => store.destroy(id, done(resolve, reject))),
    };
  }

  it('does not bring a destroyed signed-in session back when a late request saves it', async () => {
    const store = await storeOf(60_000);
    await store.set('fresh-anonymous', {});
    expect(await SessionModel.exists({ _id: 'fresh-anonymous' })).toBeTruthy();
    await store.set('fresh-anonymous', { userId: fx.a.admin.id });
    expect((await SessionModel.findById('fresh-anonymous').lean())!.userId!.toHexString()).toBe(fx.a.admin.id);
    await store.destroy('fresh-anonymous');
    await store.set('fresh-anonymous', { userId: fx.a.admin.id });
    expect(await SessionModel.exists({ _id: 'fresh-anonymous' })).toBeNull();
    expect(await store.get('fresh-anonymous')).toBeNull();
  });

  it('keeps the data without @fastify/session’s cookie, and a visitor’s session as long as what it keeps', async () => {
    const store = await storeOf(60_000);
    const cookie = { expires: new Date(), originalMaxAge: 1000, path: '/' };
    await store.set('signed-in-row', { cookie });
    await store.set('signed-in-row', { cookie, userId: fx.a.admin.id, signedInAt: 1 });
    expect(JSON.parse((await SessionModel.findById('signed-in-row').lean())!.data)).toEqual({ userId: fx.a.admin.id, signedInAt: 1 });
    expect(await store.get('signed-in-row')).toEqual({ userId: fx.a.admin.id, signedInAt: 1 });

    // A sign-in begun at a provider lasts 10 minutes, longer than this idle limit of 1 minute.
    const until = Date.now() + 10 * 60_000;
    await store.set('visitor-row', { cookie, pending: { oidc: { id: 'flow', until } } });
    const expiry = (await SessionModel.findById('visitor-row').lean())!.expiresAt.getTime();
    expect(Math.abs(expiry - until)).toBeLessThan(5_000);
  });
});

describe('the idle limit, kept by the store', () => {
  it('an ordinary request sends no cookie back; the sign-in cookie lives until the absolute limit', async () => {
    const client = anon();
    const login = await client.post('/api/auth/login', { email: fx.a.supervisor.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const sessionCookie = login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    const expires = new Date(/Expires=([^;]+)/.exec(sessionCookie)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + server.config.sessionAbsoluteMs))).toBeLessThan(60_000);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie()).toEqual([]);
  });

  it('a request moves the session row’s expiry on, at most once per interval, never for an ended session', async () => {
    const { MongoSessionStore } = await import('../../core/sessions/sessionStore');
    const store = new MongoSessionStore(60_000); // moves at most every 15 s
    const now = Date.now();
    const expiryOf = async (id: string) => (await SessionModel.findById(id).lean())!.expiresAt.getTime();
    await SessionModel.create([
      { _id: 'touch-live', data: '{}', expiresAt: new Date(now + 1000) },
      { _id: 'touch-ended', data: '{}', expiresAt: new Date(now - 1000) },
    ]);
    await store.touch('touch-live', now);
    expect(await expiryOf('touch-live')).toBe(now + 60_000);
    await store.touch('touch-live', now + 5000);
    expect(await expiryOf('touch-live')).toBe(now + 60_000);
    await store.touch('touch-live', now + 16_000);
    expect(await expiryOf('touch-live')).toBe(now + 76_000);
    await store.touch('touch-ended', now);
    expect(await expiryOf('touch-ended')).toBe(now - 1000);
    await store.touch('touch-gone', now);
    expect(await SessionModel.exists({ _id: 'touch-gone' })).toBeNull();
  });
});

describe('the session cookie', () => {
  it('a forged or altered cookie is no session, and a sign-out clears the cookie it ended', async () => {
    const client = await signedIn(server.baseUrl, fx.a.supervisor);
    const [id, signature] = client.cookie!.split('.');
    const forged = anon();
    // Two characters changed, whatever they were (a fixed 'AA' would be no change one time in 4,096).
    const other = (text: string) => (text === 'AA' ? 'BB' : 'AA');
    forged.cookie = `${id}.${signature!.slice(0, -2)}${other(signature!.slice(-2))}`;
    expect((await forged.get('/api/auth/me')).status).toBe(401);
    forged.cookie = `${id!.startsWith('x') ? 'y' : 'x'}${id!.slice(1)}.${signature}`;
    expect((await forged.get('/api/auth/me')).status).toBe(401);

    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('expired session purge', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const { purgeExpiredSessions } = await import('../../core/sessions/sessionStore');
    await SessionModel.create([
      { _id: 'expired-1', data: '{}', expiresAt: new Date(Date.now() - 60_000) },
      { _id: 'live-1', data: '{}', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await SessionModel.exists({ _id: 'expired-1' })).toBeNull();
    expect(await SessionModel.exists({ _id: 'live-1' })).toBeTruthy();
  });
});
