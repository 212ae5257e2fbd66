import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlineScreens } from './vite.offlineScreens.ts';
import { precompress } from './vite.precompress.ts';
import { prerenderSignIn } from './vite.prerender.ts';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The night's safety screens, kept by the service worker for a Wi-Fi hole (issue 47).
    offlineScreens(['src/features/rollCalls/rollCallScreens.ts', 'src/features/evacuations/EvacuationPage.tsx']),
    prerenderSignIn(),
    precompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Which chunks the entry loads, for the size budget (scripts/lib/checkBundleBudget.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: chunks of their own stay cached across releases.
        // One group per library, not one vendor chunk: the sign-in pages must not load what only the
        // signed-in screens use (radix, socket.io-client). scripts/lib/checkBundleBudget.mjs holds the sizes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // zodConfig rides in zod's chunk, so it runs before any chunk that builds a schema.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]zodConfig\.ts$/ },
            {
              name: 'realtime',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/,
            },
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
