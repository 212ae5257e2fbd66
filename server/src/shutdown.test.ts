import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { startCompiledServer, type CompiledServer } from '../test/compiledServer';
import { dropTestDatabase, ownTestDatabase } from '../test/testDatabase';
import { ApiClient } from '../test/httpClient';
import { SESSION_COOKIE } from './plugins/session';

/**
 * Stopping as `docker stop` does (issue 42): SIGTERM with browsers connected ends the process within
 * 5 s (docker kills it after 10), and every write it answered is kept.
 */
const databaseUri = ownTestDatabase('shutdown');
const env = {
  MONGODB_URI: databaseUri,
  SESSION_SECRET: 'en-lang-hemmelighet-bare-for-denne-testen-0123456789',
  DEMO_DATA: '1',
  LOG_LEVEL: 'info',
};
afterAll(async () => dropTestDatabase(databaseUri));

async function signIn(server: CompiledServer, email: string): Promise<ApiClient> {
  const client = new ApiClient(server.base);
  expect((await client.login(email, 'demo1234')).status).toBe(200);
  return client;
}

function liveTab(server: CompiledServer, client: ApiClient, transport: 'websocket' | 'polling') {
  const socket = io(server.base, {
    transports: [transport],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie}`, origin: server.base },
  });
  return new Promise<typeof socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('SIGTERM', () => {
  it('with four browsers connected: the process is gone within 5 s, and no answered write is lost', async () => {
    const first = await startCompiledServer(env);
    let stopped = false;
    try {
      const supervisor = await signIn(first, 'tilsyn@demo.no');
      const caretaker = await signIn(first, 'vaktmester@demo.no');
      const tabs = await Promise.all([
        liveTab(first, supervisor, 'websocket'),
        liveTab(first, caretaker, 'websocket'),
        liveTab(first, supervisor, 'websocket'),
        liveTab(first, caretaker, 'polling'),
      ]);
      const disconnected = tabs.map((tab) => new Promise<void>((resolve) => tab.once('disconnect', () => resolve())));
      // Writes in flight when the signal comes: each one answered must be there after a restart.
      const writes = Array.from({ length: 20 }, (_, i) =>
        supervisor
          .post<{ id: string }>('/api/maintenance-tasks/submit', { roomNumber: `${100 + i}`, description: 'Under stopp' })
          .catch(() => null),
      );
      await writes[0];
      const signalled = Date.now();
      await first.stop();
      stopped = true;
      const took = Date.now() - signalled;
      expect(took, first.output()).toBeLessThan(5_000);
      await Promise.all(disconnected);
      const answered = (await Promise.all(writes)).filter((res) => res?.status === 201).map((res) => res!.body.id);
      expect(answered.length).toBeGreaterThan(0);

      const second = await startCompiledServer(env);
      try {
        const again = await signIn(second, 'vaktmester@demo.no');
        const pending = await again.get<Array<{ id: string }>>('/api/maintenance-tasks?status=pending');
        const kept = new Set(pending.body.map((task) => task.id));
        expect(answered.filter((id) => !kept.has(id))).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      if (!stopped) await first.stop();
    }
  }, 90_000);
});
