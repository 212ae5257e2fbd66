// Compiles the server once into dist/server (plain node runs it; no tsx at runtime). Libraries stay
// in node_modules; our own code (server, protocol) is bundled, one file per entry.
// Usage: node scripts/buildServer.mjs [outdir] (default dist/server; tests build into their own).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    // The export worker is its own file: exportPool.ts starts it next to main.js.
    exportWorker: 'server/src/features/exports/exportWorker.ts',
    createPlatformAdmin: 'scripts/createPlatformAdmin.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
  },
  outdir: process.argv[2] ?? 'dist/server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
