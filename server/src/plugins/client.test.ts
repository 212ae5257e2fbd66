import { describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { ApiClient } from '../../test/httpClient';
import { startSibling, type TestServer } from '../../test/testServer';
import { useClientDir } from '../../test/useTestServices';
import { useTestServer } from '../../test/useTestServer';

const clientDir = useClientDir({
  'index.html': '<!doctype html><title>Tilsynsvakt</title><div id="root"></div>',
  'login.html': '<!doctype html><title>Tilsynsvakt</title><div id="root" data-prerendered><form></form></div>',
  'assets/app.js': 'console.log(1)',
});
let server: TestServer;
useTestServer((started) => (server = started), { CLIENT_DIR: clientDir });

describe('serving the client', () => {
  it('serves the client for every page path, uncached, so its router can show its own 404', async () => {
    const client = new ApiClient(server.baseUrl);
    for (const page of ['/', '/login', '/tilsynsvakt', '/finnes/ikke', '/admin/brukere?tab=alle']) {
      const res = await client.get<string>(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.body).toContain('<title>Tilsynsvakt</title>');
    }
  });

  it('sends the page with the sign-in form prerendered only where a browser without a session sees that form', async () => {
    const client = new ApiClient(server.baseUrl);
    for (const page of ['/', '/login', '/tilsynsvakt', '/finnes/ikke', '/Login/']) {
      expect((await client.get<string>(page)).body, page).toContain('data-prerendered');
    }
    for (const page of ['/register', '/plattformadministrator-login', '/tilgjengelighet', '/Register/']) {
      expect((await client.get<string>(page)).body, page).toBe('<!doctype html><title>Tilsynsvakt</title><div id="root"></div>');
    }
    // A session may be resumed: the signed-in screens draw themselves, never over a sign-in form.
    const withSession = await fetch(`${server.baseUrl}/login`, { headers: { cookie: 'tilsynsvakt.sid=en-økt' } });
    expect(await withSession.text()).not.toContain('data-prerendered');
  });

  it('sends the page compressed as the browser accepts, and says it varies with that and the cookie', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.baseUrl}/login`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('cookie, accept-encoding');
      expect(await res.text()).toContain('data-prerendered');
    }
    const plain = await fetch(`${server.baseUrl}/login`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('data-prerendered');
  });

  it('serves built assets and keeps /api paths as JSON 404s', async () => {
    const client = new ApiClient(server.baseUrl);
    const asset = await client.get<string>('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    for (const apiPath of ['/api/finnes-ikke', '/api/assets/app.js', '/api?x=1']) {
      const res = await client.get(apiPath);
      expect(res.status, apiPath).toBe(404);
      expect(res.body).toEqual({ message: TEXTS.notFound, code: 'notFound' });
    }
    const post = await client.post('/login', {});
    expect(post.status).toBe(404);
  });

  it('keeps /metrics a JSON 404 where metrics are off (no METRICS_TOKEN), never the page', async () => {
    const { app, url } = await startSibling({ ...server.config, metricsToken: undefined });
    try {
      for (const metricsPath of ['/metrics', '/metrics?x=1']) {
        const res = await new ApiClient(url).get(metricsPath);
        expect(res.status, metricsPath).toBe(404);
        expect(res.body).toEqual({ message: TEXTS.notFound, code: 'notFound' });
      }
    } finally {
      await app.close();
    }
  });
});
