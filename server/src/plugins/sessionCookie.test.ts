import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { PASSWORD, type Fixture, type FixtureUser } from '../../test/fixtures';
import { startSibling, type TestServer } from '../../test/testServer';
import { useServerWithFixture, useSibling } from '../../test/useTestServer';
import { School } from '../core/accounts/schoolModel';
import { UserModel } from '../core/accounts/userModel';

/**
 * A cleared session cookie is cleared: over HTTP behind a TLS proxy with COOKIE_SECURE on, the
 * '__Host-' cookie is cleared once, with the attributes it was set with (a browser ignores a
 * '__Host-' cookie cleared without Secure, and the dead cookie stayed), whether the person signed
 * out or the server ended the session.
 */
let base: TestServer;
let url: string;
let fx: Fixture;
const HTTPS = { 'x-forwarded-proto': 'https', 'x-requested-with': 'XMLHttpRequest' };
const NAME = '__Host-tilsynsvakt.sid';

useServerWithFixture((started) => ({ server: base, fx } = started));
useSibling(
  () => ({ ...base.config, cookieSecure: true, trustProxy: '127.0.0.1' }),
  (sibling) => ({ url } = sibling),
);

/** Signs in over HTTP (the proxy says HTTPS); answers the cookie as the browser sends it back. */
async function signIn(user: FixtureUser): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { ...HTTPS, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const set = res.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${NAME}=`));
  expect(set).toHaveLength(1);
  expect(set[0]).toMatch(/; Secure/);
  return set[0]!.split(';')[0]!;
}

/** The answer's Set-Cookie lines for the session cookie: exactly one, clearing it as it was set. */
function expectClearedOnce(res: Response): void {
  const lines = res.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${NAME}=`));
  expect(lines).toHaveLength(1);
  const attributes = lines[0]!.split(';').map((part) => part.trim());
  expect(attributes[0]).toBe(`${NAME}=`);
  expect(attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
  const expires = attributes.find((part) => part.startsWith('Expires='));
  expect(new Date(expires!.slice('Expires='.length)).getTime()).toBeLessThan(Date.now());
  expect(attributes.some((part) => /^domain=/i.test(part))).toBe(false);
}

const get = (path: string, cookie: string) => fetch(`${url}${path}`, { headers: { ...HTTPS, cookie } });

describe('the session cookie cleared', () => {
  it('at sign-out: once, Secure, HttpOnly, SameSite=Lax, Path=/, expired', async () => {
    const cookie = await signIn(fx.a.supervisor);
    const out = await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: { ...HTTPS, cookie } });
    expect(out.status).toBe(200);
    expectClearedOnce(out);
    expect((await get('/api/auth/me', cookie)).status).toBe(401);
  });

  it('when the server ends the session: the user deactivated, or gone', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const cookie = await signIn(user);
    const admin = await signIn(fx.a.admin);
    const deactivated = await fetch(`${url}/api/admin/users/${user.id}/deactivate`, {
      method: 'POST',
      headers: { ...HTTPS, cookie: admin },
    });
    expect(deactivated.status).toBe(200);
    const refused = await get('/api/auth/me', cookie);
    expect(refused.status).toBe(401);
    expectClearedOnce(refused);

    const gone = await makeUser(fx.a.id, 'Vaktmester');
    const goneCookie = await signIn(gone);
    await UserModel.deleteOne({ _id: gone.id });
    const refusedGone = await get('/api/auth/me', goneCookie);
    expect(refusedGone.status).toBe(401);
    expectClearedOnce(refusedGone);
  });

  it('when the server ends the session: the school switched off', async () => {
    const user = await makeUser(fx.b.id, 'Tilsynsvakt');
    const cookie = await signIn(user);
    await School.updateOne({ _id: fx.b.id }, { $set: { active: false } });
    try {
      const refused = await get('/api/auth/me', cookie);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'schoolInactive' });
      expectClearedOnce(refused);
      // Sent again, the dead cookie is cleared again the same way (@fastify/session finds no session for it).
      const again = await get('/api/auth/me', cookie);
      expect(again.status).toBe(401);
      expectClearedOnce(again);
    } finally {
      await School.updateOne({ _id: fx.b.id }, { $set: { active: true } });
    }
  });

  it('a visitor who only loads pages gets no cookie at all', async () => {
    for (const path of ['/', '/login', '/api/health', '/api/auth/me']) {
      const res = await fetch(`${url}${path}`, { headers: HTTPS });
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });
});

describe('behind a TLS proxy the app does not trust', () => {
  it('refuses the sign-in in Norwegian instead of answering without a cookie', async () => {
    const untrusting = await startSibling({ ...base.config, cookieSecure: true, trustProxy: false });
    try {
      const res = await fetch(`${untrusting.url}/api/auth/login`, {
        method: 'POST',
        headers: { ...HTTPS, 'content-type': 'application/json' },
        body: JSON.stringify({ email: fx.a.supervisor.email, password: PASSWORD }),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Innlogging er ikke mulig akkurat nå/);
      expect(res.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${NAME}=`))).toEqual([]);
    } finally {
      await untrusting.app.close();
    }
  });
});
