import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { ApiClient } from '../../test/httpClient';
import { startTestServer, type TestServer } from '../../test/testServer';

const clientDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-client-'));
let server: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Tilsynsvakt</title>');
  writeFileSync(path.join(clientDir, 'assets/app.js'), 'console.log(1)');
  server = await startTestServer({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

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

  it('serves built assets and keeps /api paths (and /metrics, which is off here) as JSON 404s', async () => {
    const client = new ApiClient(server.baseUrl);
    const asset = await client.get<string>('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    for (const apiPath of ['/api/finnes-ikke', '/api/assets/app.js', '/api?x=1', '/metrics', '/metrics?x=1']) {
      const res = await client.get(apiPath);
      expect(res.status, apiPath).toBe(404);
      expect(res.body).toEqual({ message: TEXTS.notFound, code: 'notFound' });
    }
    const post = await client.post('/login', {});
    expect(post.status).toBe(404);
  });
});
