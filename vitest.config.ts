import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, every file one after another. npm test runs the
    // browser tests in a run of their own beside the rest (scripts/test.sh); test:fast uses both.
    maxWorkers: 2,
    projects: [
      {
        // The client's stores, hooks and components, in a simulated browser (happy-dom: localStorage,
        // the DOM and events, light enough for two shared cores).
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          // *.server.test.ts: a client store against the real server, run by the server project.
          exclude: [...configDefaults.exclude, 'client/src/**/*.server.test.ts'],
          environment: 'happy-dom',
          // Spies, stubbed globals (fetch, localStorage) and mocks are undone after every test.
          restoreMocks: true,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'protocol',
          include: ['protocol/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          // With the client's stores run against the real server and its database (the page's fetch,
          // storage and network: server/test/clientBrowser.ts).
          include: ['server/src/**/*.test.ts', 'client/src/**/*.server.test.ts'],
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share one module graph: each file importing the whole server
          // afresh was most of this project's time (import 471 s of 1268 s on CI). Each file still
          // has a server and a database of its own (server/test/testServer.ts); what a module keeps
          // beyond a file is keyed by that database (callers.ts) or given back when its app closes.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Live updates arrive in milliseconds; a loaded CI machine gets more time before a poll gives up.
          expect: { poll: { timeout: 5_000, interval: 50 } },
          globalSetup: ['server/test/globalSetup.ts', 'e2e/browserServer.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Browser tests share two cores with Chromium; one file at a time keeps them steady.
          fileParallelism: false,
          // As the server project: the files share one module graph instead of each importing the
          // server and the fixtures afresh (2.7 s a file, about 130 s of a run; 6 files 82 s → 65 s).
          isolate: false,
        },
      },
    ],
  },
});
