import mongoose from 'mongoose';
import type { AppDependencies } from '../src/app';
import { inject } from 'vitest';
import { withDatabaseName } from '../src/db/connect';
import { startCompiledServer, type CompiledServer } from './compiledServer';
import { seedFixture, type Fixture } from './fixtures';
import { ApiClient } from './httpClient';
import { startRedis } from './redisServer';
import { startTestServer, type TestServer } from './testServer';
import { useStarted } from './useStarted';

export type TwoInstances = {
  server: TestServer;
  /** The same app as its own process, on the same database and Redis: memory of its own, as in production. */
  other: CompiledServer;
  fx: Fixture;
  /** Redis between them: stopped to cut the link, started again on the same port. */
  redis: { stop(): Promise<void>; restart(): Promise<void> };
  /** The same signed-in session, asking the other instance. */
  onOther(client: ApiClient): ApiClient;
  close(): Promise<void>;
};

/**
 * `env`: settings both instances get (the same on both, as in production). `deps` are the first
 * instance's only (its clock, say): the other is a process of its own, on the wall clock.
 */
export async function startTwoInstances(env: Record<string, string> = {}, deps: AppDependencies = {}): Promise<TwoInstances> {
  let redis = await startRedis();
  const server = await startTestServer({ REDIS_URL: redis.url, ...env }, deps);
  const fx = await seedFixture();
  const other = await startCompiledServer({
    NODE_ENV: 'test',
    MONGODB_URI: withDatabaseName(inject('mongoServerUri'), mongoose.connection.name),
    REDIS_URL: redis.url,
    SESSION_ACTIVITY_LIMIT_SECONDS: server.config.sessionActivityLimitMs / 1000 + '',
    SESSION_IDLE_MINUTES: server.config.sessionIdleMs / 60_000 + '',
    SESSION_ABSOLUTE_HOURS: server.config.sessionAbsoluteMs / 3_600_000 + '',
    ...env,
  });
  return {
    server,
    other,
    fx,
    redis: {
      stop: () => redis.stop(),
      restart: async () => {
        redis = await startRedis(redis.port);
      },
    },
    onOther(client) {
      const copy = new ApiClient(other.base);
      copy.cookie = client.cookie;
      return copy;
    },
    async close() {
      await other.stop();
      await server.close();
      await redis.stop();
    },
  };
}

/**
 * Two instances for the file's tests (startTwoInstances), started before them and closed after;
 * `started` hands them to the file's variables. The other instance is built first: a minute to start.
 */
export function useTwoInstances(
  started: (two: TwoInstances) => unknown,
  env: Record<string, string> = {},
  deps: AppDependencies = {},
): void {
  useStarted(
    () => startTwoInstances(env, deps),
    (two) => two.close(),
    started,
    60_000,
  );
}

/** Polls until the check holds (a message through Redis takes a few milliseconds), or gives up. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
