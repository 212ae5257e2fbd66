import { beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../src/app';
import type { Config } from '../src/config';
import { signInCallers } from './callers';
import { seedFixture, type Fixture } from './fixtures';
import { startTestProviders, type TestProviders } from './oidcProvider';
import type { SeededServer } from './seededServer';
import { startSibling, startTestServer, type TestServer } from './testServer';
import { useStarted } from './useStarted';

type Env = Record<string, string>;
/** A server's settings, or a function giving them once the hooks above the call have run (an SMTP server's address). */
type Settings = Env | (() => Env | Promise<Env>);
/** Hands what was started to the file's variables; a promise it returns is awaited. */
type Started<T> = (running: T) => unknown;

/*
 * A test file's server, started before its tests and closed after them: the helpers register the
 * beforeAll and afterAll themselves, and `started` hands the server to the file's own variables,
 * e.g. `useSeededServer((s) => ({ server, fx, c } = s))`. A file's further setup goes in a beforeAll
 * of its own below the call, which runs after this one; what the server needs first (an SMTP
 * server, Redis, a log file: useTestServices.ts) goes above it.
 */

/** A server on a fresh database of its own (testServer.ts), closed after the file's tests. */
export function useTestServer(started: Started<TestServer> = () => undefined, env: Settings = {}, deps: AppDependencies = {}): void {
  useStarted(
    async () => startTestServer(typeof env === 'function' ? await env() : env, deps),
    (server) => server.close(),
    started,
  );
}

/** A server with the two-school fixture (fixtures.ts), no one signed in. */
export function useServerWithFixture(
  started: Started<{ server: TestServer; fx: Fixture }> = () => undefined,
  env: Settings = {},
  deps: AppDependencies = {},
): void {
  let server: TestServer;
  useTestServer((running) => void (server = running), env, deps);
  beforeAll(async () => started({ server, fx: await seedFixture() }));
}

/** A server with the two-school fixture and every caller signed in (as seededServer.ts starts one). */
export function useSeededServer(started: Started<SeededServer> = () => undefined, env: Settings = {}, deps: AppDependencies = {}): void {
  useServerWithFixture(async ({ server, fx }) => started({ server, fx, c: await signInCallers(server.baseUrl, fx) }), env, deps);
}

/**
 * A server signing in through the two loopback OpenID providers (oidcProvider.ts), with the
 * fixture; both closed after the file's tests. `env` makes the server's settings from the providers'.
 */
export function useServerWithProviders(
  started: Started<{ idps: TestProviders; server: TestServer; fx: Fixture }>,
  deps: AppDependencies = {},
  env: (providers: Env) => Env = (providers) => providers,
): void {
  let idps: TestProviders;
  let server: TestServer;
  useStarted(
    startTestProviders,
    (providers) => providers.close(),
    (providers) => void (idps = providers),
  );
  useTestServer(
    (running) => {
      server = running;
      idps.attach(server.baseUrl);
    },
    () => env(idps.env),
    deps,
  );
  beforeAll(async () => started({ idps, server, fx: await seedFixture() }));
}

/** Another instance of the app on the same database (startSibling), with the settings `config` gives once the first is up; closed before it. */
export function useSibling(
  config: () => Config,
  started: Started<{ app: FastifyInstance; url: string }>,
  deps: AppDependencies = {},
): void {
  useStarted(
    () => startSibling(config(), deps),
    (sibling) => sibling.app.close(),
    started,
  );
}
