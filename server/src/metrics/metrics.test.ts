import { describe, expect, it } from 'vitest';
import type { Callers } from '../../test/callers';
import type { Fixture } from '../../test/fixtures';
import { connectSocket, waitFor, waitForDisconnect, type TestSocket } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { useSeededServer } from '../../test/useTestServer';

const TOKEN = 'en-lang-token-bare-for-denne-testen-123';
let server: TestServer;
let fx: Fixture;
let c: Callers;
useSeededServer((started) => ({ server, fx, c } = started), { METRICS_TOKEN: TOKEN });

const scrape = (authorization?: string) => fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
async function metrics(): Promise<string> {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return res.text();
}
/** The value of one sample line, e.g. `name{label="x"} 3`; 0 when the line is not there. */
const sample = (text: string, line: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${line} `))
      ?.split(' ')[1] ?? 0,
  );

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    // A second app on the same database, configured without the token.
    const plain = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    try {
      const res = await plain.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(String(res.headers['content-type'] ?? '')).not.toContain('version=0.0.4');
      expect(res.body).not.toContain('tilsynsvakt_http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it('refuses a scraper without the token, or with another, in Norwegian', async () => {
    for (const authorization of [undefined, 'Bearer feil', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Mangler gyldig token for målinger', code: 'notSignedIn' });
    }
  });

  it('counts requests by route template and status, their time, and the database round trips', async () => {
    await c.adminA.get('/api/admin/classes');
    await c.adminA.get('/api/admin/classes');
    await c.supervisorA.get('/api/admin/classes');
    await c.adminA.get(`/api/reports/${'a'.repeat(24)}`);
    const text = await metrics();
    expect(sample(text, 'tilsynsvakt_http_requests_total{method="GET",route="/api/admin/classes",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'tilsynsvakt_http_requests_total{method="GET",route="/api/admin/classes",status="403"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('tilsynsvakt_http_requests_total{method="GET",route="/api/reports/:id",status="404"}');
    expect(sample(text, 'tilsynsvakt_http_request_duration_seconds_count{method="GET",route="/api/admin/classes"}')).toBeGreaterThanOrEqual(
      3,
    );
    expect(sample(text, 'tilsynsvakt_database_command_duration_seconds_count{command="find",outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'tilsynsvakt_database_connected')).toBe(1);
    expect(text).toContain('tilsynsvakt_process_resident_memory_bytes');
  });

  it('counts open sockets by role, and live events by name', async () => {
    const before = sample(await metrics(), 'tilsynsvakt_sockets_open{role="Tilsynsvakt"}');
    const socket: TestSocket = await connectSocket(server.baseUrl, c.supervisorA.cookie);
    await expect.poll(async () => sample(await metrics(), 'tilsynsvakt_sockets_open{role="Tilsynsvakt"}')).toBe(before + 1);

    const events = sample(await metrics(), 'tilsynsvakt_events_emitted_total{event="classes.created"}');
    expect((await c.adminA.post('/api/admin/classes', { className: 'Måleklassen' })).status).toBe(201);
    expect(sample(await metrics(), 'tilsynsvakt_events_emitted_total{event="classes.created"}')).toBe(events + 1);

    const gone = waitForDisconnect(socket);
    socket.disconnect();
    await gone.catch(() => undefined);
    await waitFor(() => socket.disconnected);
    await expect.poll(async () => sample(await metrics(), 'tilsynsvakt_sockets_open{role="Tilsynsvakt"}')).toBe(before);
  });

  it('names nobody: no e-mail, name, id or school in any label', async () => {
    const text = await metrics();
    for (const user of [fx.a.admin, fx.a.supervisor, fx.b.admin, fx.platformAdmin]) {
      expect(text).not.toContain(user.email);
      expect(text).not.toContain(user.name);
      expect(text).not.toContain(user.id);
    }
    expect(text).not.toContain(fx.a.id);
    expect(text).not.toContain('Skole A');
  });
});
