import { beforeAll, describe, expect, it } from 'vitest';
import { seedFixture, type Fixture } from '../../test/fixtures';
import { ApiClient } from '../../test/httpClient';
import { startRedis } from '../../test/redisServer';
import { signedIn } from '../../test/sessions';
import { collect, connectSocket, waitFor } from '../../test/sockets';
import { startSibling, type TestServer } from '../../test/testServer';
import { useTestServer, useSibling } from '../../test/useTestServer';
import { useLogFile, useRedis } from '../../test/useTestServices';

/** Redis goes away under two instances: neither crashes, each keeps its own sockets live, both reconnect. */
let redis: Awaited<ReturnType<typeof startRedis>>;
let first: TestServer;
let secondUrl: string;
let fx: Fixture;
let registrations = 0;
/** The first instance's log: the warning it writes when Redis goes is read there. */
const logFile = useLogFile();
/** The other instances log to standard output, as before. */
const others = () => ({ ...first.config, logFile: undefined });

useRedis((started) => (redis = started));
useTestServer(
  (started) => (first = started),
  () => ({ REDIS_URL: redis.url, LOG_LEVEL: 'warn', LOG_FILE: logFile.path }),
);
useSibling(others, (sibling) => ({ url: secondUrl } = sibling));
beforeAll(async () => {
  fx = await seedFixture();
});

const register = (baseUrl: string) => {
  registrations += 1;
  return new ApiClient(baseUrl).post('/api/auth/register', {
    schoolId: fx.a.id,
    name: `Ny ${registrations}`,
    email: `ny${registrations}.redis@test.no`,
    password: 'hemmelig',
  });
};

/** Registers on one instance until the event reaches a socket of another (the clients reconnect with a back-off). */
async function crossesOver(from: string, received: unknown[]): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const before = received.length;
    expect((await register(from)).status).toBe(201);
    const arrived = await waitFor(() => received.length > before, 500).then(
      () => true,
      () => false,
    );
    if (arrived) return true;
  }
  return false;
}

describe('a Redis outage', () => {
  it('degrades to this instance’s own sockets, then joins the instances again when Redis is back', async () => {
    const admin = await signedIn(first.baseUrl, fx.a.admin);
    const socket = await connectSocket(first.baseUrl, admin.cookie);
    const received = collect(socket, 'users.registered');

    await redis.stop();
    // The outage is in the app's own log; both instances answer; an event made here still reaches this instance's socket.
    await waitFor(() => logFile.lines().some((line) => line.includes('redis')));
    expect((await register(first.baseUrl)).status).toBe(201);
    await waitFor(() => received.length === 1);
    expect((await new ApiClient(secondUrl).get('/api/health')).status).toBe(200);

    redis = await startRedis(redis.port);
    // Once both have reconnected, an event made on the other instance crosses over again.
    expect(await crossesOver(secondUrl, received)).toBe(true);
    socket.close();
  }, 30_000);

  it('an instance started while Redis is down serves at once, and joins the others when Redis comes up', async () => {
    await redis.stop();
    const { app: late, url: lateUrl } = await startSibling(others());
    const admin = await signedIn(lateUrl, fx.a.admin);
    const sockets = [await connectSocket(lateUrl, admin.cookie), await connectSocket(first.baseUrl, admin.cookie)];
    try {
      const [own, onFirst] = sockets.map((socket) => collect(socket, 'users.registered'));
      expect((await register(lateUrl)).status).toBe(201);
      await waitFor(() => own!.length === 1);

      redis = await startRedis(redis.port);
      expect(await crossesOver(lateUrl, onFirst!)).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
      await late.close();
    }
  }, 30_000);

  it('an instance shut down while Redis is away leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await redis.stop();
      const { app: late, url: lateUrl } = await startSibling(others());
      // Its subscriptions and this event's publish wait in the offline queue, then are flushed on close.
      expect((await register(lateUrl)).status).toBe(201);
      await late.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      redis = await startRedis(redis.port);
    }
  }, 30_000);
});
