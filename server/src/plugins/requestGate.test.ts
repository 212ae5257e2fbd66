import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import type { Fixture } from '../../test/fixtures';
import type { ApiClient } from '../../test/httpClient';
import { signedIn } from '../../test/sessions';
import type { TestServer } from '../../test/testServer';
import { MaintenanceTaskModel } from '../features/maintenance/model';
import { countEverywhere, deleteEverywhere } from '../../test/everySchool';
import { useServerWithFixture } from '../../test/useTestServer';

/** Cross-site writes: one gate on every write, whatever the path looks like, and JSON bodies only. */
let server: TestServer;
let fx: Fixture;
let supervisor: ApiClient;
useServerWithFixture((started) => ({ server, fx } = started));
beforeAll(async () => {
  supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
});
beforeEach(async () => {
  await deleteEverywhere(MaintenanceTaskModel);
});

const CASE = JSON.stringify({ roomNumber: '12', description: 'Lekker kran' });

async function send(path: string, init: { method?: string; xhr?: boolean; type?: string; body?: string } = {}) {
  const headers: Record<string, string> = { cookie: `tilsynsvakt.sid=${supervisor.cookie}` };
  if (init.xhr) headers['x-requested-with'] = 'XMLHttpRequest';
  if (init.type) headers['content-type'] = init.type;
  const res = await fetch(server.baseUrl + path, { method: init.method ?? 'POST', headers, body: init.body });
  return { status: res.status, body: (await res.json().catch(() => null)) as { message?: string } | null };
}

describe('the write gate', () => {
  it('refuses a write without the XHR header on any spelling of the path, and stores nothing', async () => {
    for (const path of [
      '/api/maintenance-tasks/submit',
      '/%61pi/maintenance-tasks/submit',
      '/api/%6Daintenance-tasks/submit',
      '/%61%70%69/maintenance-tasks/submit',
      '/api/maintenance-tasks/submit/',
      '/api/maintenance-tasks/submit?x=1',
    ]) {
      const res = await send(path, { type: 'application/json', body: CASE });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ message: TEXTS.missingXhrHeader, code: 'missingXhrHeader' });
    }
    // A form posts text/plain or urlencoded, with no way to add the header.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await send('/%61pi/maintenance-tasks/submit', { type, body: CASE })).status, type).toBe(403);
    }
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(0);
    // The encoded path does reach the route: with the header the case is created.
    expect((await send('/%61pi/maintenance-tasks/submit', { xhr: true, type: 'application/json', body: CASE })).status).toBe(201);
  });

  it('covers every method that writes, on any path', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/auth/logout', '/%61pi/reports/my', '/', '/ingen/side']) {
        expect((await send(path, { method })).status, `${method} ${path}`).toBe(403);
      }
    }
    // Reads need no header.
    expect((await send('/api/auth/me', { method: 'GET' })).status).toBe(200);
  });

  it('takes JSON bodies only: other encodings get 415 with a Norwegian message', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await send('/api/maintenance-tasks/submit', { xhr: true, type, body: CASE });
      expect(res.status, type).toBe(415);
      expect(res.body, type).toEqual({ message: 'Ugyldig innholdstype (bruk application/json)', code: 'invalid' });
    }
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(0);
    expect((await send('/api/maintenance-tasks/submit', { xhr: true, type: 'application/json; charset=utf-8', body: CASE })).status).toBe(
      201,
    );
  });

  it('a JSON body that is not an object is refused in plain Norwegian, and nothing is stored', async () => {
    for (const body of ['[]', '"x"', '12']) {
      const res = await send('/api/maintenance-tasks/submit', { xhr: true, type: 'application/json', body });
      expect(res.status, body).toBe(400);
      expect(res.body?.message, body).toMatch(/^Ugyldig innhold: /);
    }
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(0);
  });
});
