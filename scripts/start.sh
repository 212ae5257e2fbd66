#!/usr/bin/env bash
# Starts Tilsynsvakt at http://localhost:${PORT:-3000} with the embedded database and demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensureDeps.sh

ensure_node_modules
echo "Bygger klienten …"
npx vite build --config client/vite.config.ts --logLevel warn
export DEMO_DATA="${DEMO_DATA:-1}"
exec npx tsx server/src/main.ts
