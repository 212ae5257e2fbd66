#!/usr/bin/env bash
# Runs every check and test: type check, lint, client build, then protocol, API, socket and
# browser tests against a real database: the embedded one, or MONGODB_URI's (server/src/db/engine.ts). TEST_LANE=fast (npm run test:fast) leaves out
# the browser tests, for the edit-test loop. Each group's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
LANE="${TEST_LANE:-full}"

timings=()
step() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name"
  "$@"
  timings+=("$(printf '%-50s %4d s' "$name" $((SECONDS - started)))")
}

step "Verktøy (npm-pakker, Chromium, redis, LibreOffice)" bash -c '
  source scripts/lib/ensureDeps.sh
  ensure_node_modules
  [ "$0" = fast ] || ensure_chromium
  ensure_redis
  ensure_libreoffice
  ensure_compose
  npx tsx scripts/ensureFerretDb.ts' "$LANE"
step "Typekontroll" npx tsc -p tsconfig.json --noEmit
step "Lint" bash -c 'npx eslint . --max-warnings 0 && node scripts/lib/featureCycles.mjs && node scripts/lib/serverCycles.mjs && node scripts/lib/declaredImports.mjs && npx prettier --check . --log-level warn'
step "Bygger klienten" bash -c 'npx vite build --config client/vite.config.ts --logLevel warn && node scripts/lib/checkBundleBudget.mjs'
step "Bygger serveren" node scripts/buildServer.mjs
# The embedded engine's own tests; with MONGODB_URI the tests run on that server instead (docs/operations.md).
if [ -z "${MONGODB_URI:-}" ]; then
  step "Den innebygde databasens rettelser (go test)" bash -c 'cd scripts/ferretdb && CGO_ENABLED=0 go test -count=1 .'
fi
step "docker-compose.yml" bash scripts/lib/checkCompose.sh

mkdir -p test-results
rm -f test-results/*.json test-results/failed
# One vitest run: its report in test-results/<name>.json, its output to the terminal or a log; a
# failing test still lets the summary and the times below be printed.
run_vitest() {
  local name=$1
  shift
  npx vitest run --passWithNoTests --reporter=default --reporter=json --outputFile.json="test-results/$name.json" "$@" || touch test-results/failed
}
export -f run_vitest
if [ "$LANE" = fast ]; then
  step "Tester (uten nettleser)" run_vitest fast --project protocol --project client --project server "$@"
else
  # The browser tests run one file at a time; the other tests run beside them, not after them
  # (one vitest run would start the browser tests only when the rest were done).
  step "Tester (nettlesertestene ved siden av de andre)" bash -c '
    run_vitest e2e --project e2e "$@" > test-results/e2e.log 2>&1 &
    browser=$!
    run_vitest rest --project protocol --project client --project server --maxWorkers=1 "$@"
    wait $browser
    echo "== Nettlesertestene (e2e)"
    cat test-results/e2e.log' _ "$@"
fi
status=0
[ -f test-results/failed ] && status=1
node scripts/lib/summarizeTests.mjs test-results/*.json || status=1
echo
echo "Tid per del:"
printf '  %s\n' "${timings[@]}"
exit $status
