import type { AppDependencies } from '../src/app';
import { signInCallers, type Callers } from './callers';
import { seedFixture, type Fixture } from './fixtures';
import { startTestServer, type TestServer } from './testServer';

export interface SeededServer {
  server: TestServer;
  fx: Fixture;
  c: Callers;
}

/** An API test's usual start: a server on a fresh database, the two-school fixture, every caller signed in. */
export async function startSeededServer(env: Record<string, string> = {}, deps: AppDependencies = {}): Promise<SeededServer> {
  const server = await startTestServer(env, deps);
  const fx = await seedFixture();
  return { server, fx, c: await signInCallers(server.baseUrl, fx) };
}
