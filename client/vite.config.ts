import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.precompress.ts';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    // Preact renders the React code: React DOM alone is over the phone budget (60 KB gzipped, see
    // docs/performance.md); preact/compat is about 11 KB with the same API.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Which chunks the entry loads, for the size budget (scripts/lib/checkBundleBudget.mjs).
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router looks for React 19's useOptimistic and falls back without it (preact/compat lacks it).
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        // Libraries change less often than the app: chunks of their own stay cached across releases.
        // One group per library, not one vendor chunk: the sign-in pages must not load what only the
        // signed-in screens use (radix, socket.io-client). scripts/lib/checkBundleBudget.mjs holds the sizes.
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // zodConfig rides in zod's chunk, so it runs before any chunk that builds a schema.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]zodConfig\.ts$/ },
            { name: 'realtime', test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
