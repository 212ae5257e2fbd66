import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFixture, type Fixture } from '../../test/fixtures';
import { ApiClient } from '../../test/httpClient';
import { TestPushService } from '../../test/pushService';
import { startRedis } from '../../test/redisServer';
import { signedIn } from '../../test/sessions';
import { collect, connectSocket, waitFor, waitForDisconnect } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { useRedis } from '../../test/useTestServices';
import { useTestServer, useSibling } from '../../test/useTestServer';

/** Two app instances on one database, joined by the Socket.IO Redis adapter as in docker-compose. */
let redis: Awaited<ReturnType<typeof startRedis>>;
let first: TestServer;
let second: FastifyInstance;
let secondUrl: string;
let fx: Fixture;

useRedis((started) => (redis = started));
useTestServer(
  (started) => (first = started),
  () => ({ REDIS_URL: redis.url }),
);
useSibling(
  () => first.config,
  (sibling) => ({ app: second, url: secondUrl } = sibling),
);
beforeAll(async () => {
  fx = await seedFixture();
});

describe('more than one instance', () => {
  it('a session made on one instance is good on the other', async () => {
    const client = await signedIn(first.baseUrl, fx.a.admin);
    const other = new ApiClient(secondUrl);
    other.cookie = client.cookie;
    expect((await other.get('/api/auth/me')).status).toBe(200);
  });

  it('an event caused on one instance reaches a socket on the other', async () => {
    const admin = await signedIn(first.baseUrl, fx.a.admin);
    const socket = await connectSocket(first.baseUrl, admin.cookie);
    const received = collect(socket, 'users.registered');
    const res = await new ApiClient(secondUrl).post('/api/auth/register', {
      schoolId: fx.a.id,
      name: 'Annen instans',
      email: 'annen.instans@test.no',
      password: 'hemmelig',
    });
    expect(res.status).toBe(201);
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ email: 'annen.instans@test.no' });
    socket.close();
  });

  it('a case taken by one instance is pushed once to each device, by that instance', async () => {
    const service = await TestPushService.start();
    try {
      const device = service.newDevice('vaktmester');
      const caretaker = await signedIn(first.baseUrl, fx.a.caretaker);
      expect((await caretaker.post('/api/push/subscriptions', device.toJSON())).status).toBe(200);
      const supervisor = await signedIn(secondUrl, fx.a.supervisor);
      const res = await supervisor.post<{ id: string }>('/api/maintenance-tasks/submit', { roomNumber: '301', description: 'Lekkasje' });
      expect(res.status).toBe(201);
      await Promise.all([first.app.push.idle(), second.push.idle()]);
      expect(service.to(device).map((push) => push.message.tag)).toEqual([`sak-${res.body.id}`]);
    } finally {
      await service.close();
    }
  });

  it('deactivation on one instance closes the user’s socket on the other', async () => {
    const caretaker = await signedIn(first.baseUrl, fx.a.caretaker);
    const socket = await connectSocket(first.baseUrl, caretaker.cookie);
    const closed = waitForDisconnect(socket, 5000);
    const admin = await signedIn(secondUrl, fx.a.admin);
    expect((await admin.post(`/api/admin/users/${fx.a.caretaker.id}/deactivate`)).status).toBe(200);
    await closed;
  });
});
