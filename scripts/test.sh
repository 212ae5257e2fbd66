#!/usr/bin/env bash
# Runs every check and test: type check, lint, client build, then protocol, API, socket and
# browser tests against the real (embedded) database.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensureDeps.sh

ensure_node_modules
ensure_chromium
ensure_redis
ensure_libreoffice
ensure_compose
[ -n "${MONGODB_URI:-}" ] || npx tsx scripts/ensureFerretDb.ts

echo "== Typekontroll"
npx tsc -p tsconfig.json --noEmit
echo "== Lint"
npx eslint . --max-warnings 0
node scripts/lib/featureCycles.mjs
echo "== Bygger klienten"
npx vite build --config client/vite.config.ts --logLevel warn
node scripts/lib/checkBundleBudget.mjs
echo "== Bygger serveren"
node scripts/buildServer.mjs
if [ -z "${MONGODB_URI:-}" ]; then
  echo "== Den innebygde databasens rettelser (go test)"
  (cd scripts/ferretdb && CGO_ENABLED=0 go test -count=1 .)
fi
echo "== docker-compose.yml"
bash scripts/lib/checkCompose.sh
echo "== Tester"
mkdir -p test-results
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
node scripts/lib/summarizeTests.mjs test-results/vitest.json || status=1
exit $status
