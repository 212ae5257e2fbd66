import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD, type Fixture } from '../../test/fixtures';
import { connectSocket } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture, useSibling } from '../../test/useTestServer';

/** Production behind a TLS proxy: a __Host- cookie, HSTS, a CSP with no inline scripts and no framing. */
let base: TestServer;
let app: FastifyInstance;
let url: string;
let fx: Fixture;
const HTTPS = { 'x-forwarded-proto': 'https', 'x-requested-with': 'XMLHttpRequest' };

useServerWithFixture((started) => ({ server: base, fx } = started));
useSibling(
  () => ({ ...base.config, env: 'production', cookieSecure: true, trustProxy: '127.0.0.1' }),
  (sibling) => ({ app, url } = sibling),
);

async function signIn(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: HTTPS,
    payload: { email: fx.a.admin.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  // The device cookie (sign-in lockout) follows the same rules.
  expect(cookies.find((c) => c.startsWith('__Host-tilsynsvakt.device='))).toMatch(/; Secure/);
  return cookies.find((c) => c.startsWith('__Host-tilsynsvakt.sid=')) ?? cookies.join(' | ');
}

describe('production headers', () => {
  it('the session cookie is __Host- prefixed: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const cookie = await signIn();
    expect(cookie).toMatch(/^__Host-tilsynsvakt\.sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const pair = cookie.split(';')[0]!;
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...HTTPS, cookie: pair } });
    expect(me.statusCode).toBe(200);
    // The live connection reads the same cookie.
    const socket = await connectSocket(url, null, url, pair);
    expect(socket.connected).toBe(true);
    socket.close();
    // The unprefixed name of development is no session here.
    const plain = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...HTTPS, cookie: pair.replace('__Host-', '') } });
    expect(plain.statusCode).toBe(401);
  });

  it('HSTS, a CSP without inline scripts, and no framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: HTTPS });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|\*)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});
