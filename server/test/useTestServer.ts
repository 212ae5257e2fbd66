import { afterAll, beforeAll } from 'vitest';
import type { AppDependencies } from '../src/app';
import { seedFixture, type Fixture } from './fixtures';
import { startTestProviders, type TestProviders } from './oidcProvider';
import { startSeededServer, type SeededServer } from './seededServer';
import { startTestServer, type TestServer } from './testServer';

type Env = Record<string, string>;

/*
 * A test file's server, started before its tests and closed after them: the helpers register the
 * beforeAll and afterAll themselves, and `started` hands the server to the file's own variables,
 * e.g. `useSeededServer((s) => ({ server, fx, c } = s))`. A file's further setup goes in a beforeAll
 * of its own below the call, which runs after this one.
 */

/** A server on a fresh database of its own (testServer.ts), closed after the file's tests. */
export function useTestServer(started: (server: TestServer) => void = () => undefined, env: Env = {}, deps: AppDependencies = {}): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, deps);
    started(server);
  });
  afterAll(async () => server?.close());
}

/** A server with the two-school fixture and every caller signed in (seededServer.ts), closed after the file's tests. */
export function useSeededServer(
  started: (seeded: SeededServer) => void = () => undefined,
  env: Env = {},
  deps: AppDependencies = {},
): void {
  let seeded: SeededServer | undefined;
  beforeAll(async () => {
    seeded = await startSeededServer(env, deps);
    started(seeded);
  });
  afterAll(async () => seeded?.server.close());
}

/** A server signing in through the two loopback OpenID providers (oidcProvider.ts), with the fixture; both closed after the file's tests. */
export function useServerWithProviders(started: (running: { idps: TestProviders; server: TestServer; fx: Fixture }) => void): void {
  let idps: TestProviders | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    idps = await startTestProviders();
    server = await startTestServer(idps.env);
    idps.attach(server.baseUrl);
    started({ idps, server, fx: await seedFixture() });
  });
  afterAll(async () => {
    await server?.close();
    await idps?.close();
  });
}
