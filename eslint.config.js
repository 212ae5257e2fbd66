import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noFocusedOrSkippedTests = [
  {
    selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|describe|test)$/]",
    message: 'No focused tests.',
  },
  {
    selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|describe|test)$/]",
    message: 'No skipped tests.',
  },
];

const APP_CLOCK_MESSAGE =
  "Bruk appens klokke: appNow() (server/src/appClock.ts) eller request.server.clock.now(). / Use the app's clock: appNow() or request.server.clock.now().";

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.tools/', 'node_modules/', 'test-results/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...noFocusedOrSkippedTests],
    },
  },
  // Small files with one purpose (issue 30): code past these lengths is split, not scrolled.
  { files: ['**/*.{ts,tsx}'], rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] } },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }] },
  },
  // The server imports downwards (issue 30, 42): features use core, plugins, realtime, cache and db;
  // those never use a feature (the app wires features into them, app.ts; features register with
  // core). scripts/lib/serverCycles.mjs finds circles within a layer and rings between features.
  {
    files: ['server/src/{core,plugins,realtime,cache,db,metrics}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message:
                'core, plugins, realtime, cache, db and metrics do not import features: app.ts hands them what they need, or features register with them.',
            },
          ],
        },
      ],
    },
  },
  // One clock (issue 42): every domain time on the server comes from the app's clock, so a test
  // that moves it moves them all. Refused here: Date.now() and new Date() without an argument
  // (new Date(value) is fine). The named exceptions, each marked where it stands with
  // `eslint-disable-next-line no-restricted-syntax -- why`:
  // - features/push/sender.ts, the VAPID token's `exp`: the push service judges it on the real
  //   world's clock (RFC 8292, at most 24 h ahead of its own now), so it is signed by the wall clock.
  // Timers and measurements (waits, durations, metrics, cache lifetimes) are not domain times: they
  // use performance.now() or the cache's own wall clock (cache/readThrough.ts, outside these folders).
  // The attempt limits' windows are timers too, kept by their libraries and Redis's key expiry
  // (core/accounts/accountLimiter.ts, @fastify/rate-limit): a moved app clock does not end them.
  {
    files: ['server/src/{features,plugins,realtime}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noFocusedOrSkippedTests,
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: APP_CLOCK_MESSAGE },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: APP_CLOCK_MESSAGE },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['client/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
