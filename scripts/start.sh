#!/usr/bin/env bash
# Starts Tilsynsvakt at http://localhost:${PORT:-3000} with the embedded database and demo data;
# with NODE_ENV=production (`npm run start:prod`) without demo data (docs/operations.md).
# The client and the server are built once, and again only when their sources change; the server
# then runs on plain node.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensureDeps.sh
source scripts/lib/startDefaults.sh

ensure_node_modules
STAMP=dist/.build-stamp
if [ ! -f "$STAMP" ] || [ -n "$(find client protocol server/src scripts/buildServer.mjs scripts/createPlatformAdmin.ts scripts/backup.ts scripts/restore.ts package-lock.json -newer "$STAMP" -print -quit)" ]; then
  echo "Bygger klienten og serveren …"
  npx vite build --config client/vite.config.ts --logLevel warn
  node scripts/buildServer.mjs
  touch "$STAMP"
fi
start_defaults
exec node --enable-source-maps dist/server/main.js
