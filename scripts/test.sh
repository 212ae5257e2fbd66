#!/usr/bin/env bash
# Runs every check and test: the client and server builds, then the protocol, API, socket and
# browser tests against a real database (the embedded one, or MONGODB_URI's: server/src/db/engine.ts)
# with the type check, lint and the engine's own tests beside them. TEST_LANE=fast (npm run
# test:fast) leaves out the browser tests, for the edit-test loop. Each part's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
LANE="${TEST_LANE:-full}"

timings=()
step() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name"
  "$@"
  timings+=("$(printf '%-62s %4d s' "$name" $((SECONDS - started)))")
}

step "Verktøy (npm-pakker, Chromium, redis, LibreOffice)" bash -c '
  source scripts/lib/ensureDeps.sh
  ensure_node_modules
  [ "$0" = fast ] || ensure_chromium
  ensure_redis
  ensure_libreoffice
  ensure_compose
  npx tsx scripts/ensureFerretDb.ts' "$LANE"
step "Bygger klienten" bash -c 'npx vite build --config client/vite.config.ts --logLevel warn && node scripts/lib/checkBundleBudget.mjs'
step "Bygger serveren" node scripts/buildServer.mjs
step "docker-compose.yml" bash scripts/lib/checkCompose.sh

mkdir -p test-results
rm -f test-results/*.json test-results/*.log test-results/*.time test-results/*.failed test-results/failed
# One vitest run: its report in test-results/<name>.json, its output to the terminal or a log; a
# failing test still lets the summary and the times below be printed.
run_vitest() {
  local name=$1
  shift
  npx vitest run --passWithNoTests --reporter=default --reporter=json --outputFile.json="test-results/$name.json" "$@" || touch test-results/failed
}
export -f run_vitest

# The checks that need no test run beside the tests instead of before them (the tests wait on the
# browser, the database and timers, and leave CPU over): each its output in test-results/<slug>.log
# and its time in <slug>.time, printed once the tests are done. A failing check fails the run.
besides=()
beside() {
  local slug=$1 name=$2
  shift 2
  (
    started=$SECONDS
    "$@" > "test-results/$slug.log" 2>&1 || touch test-results/failed "test-results/$slug.failed"
    printf '%-62s %4d s' "$name (ved siden av)" $((SECONDS - started)) > "test-results/$slug.time"
  ) &
  besides+=("$slug")
}
beside checks "Typekontroll og lint" bash -c 'npx tsc -p tsconfig.json --noEmit && npx eslint . --max-warnings 0 && node scripts/lib/featureCycles.mjs && node scripts/lib/serverCycles.mjs && node scripts/lib/declaredImports.mjs && npx prettier --check . --log-level warn'
# The embedded engine's own tests; with MONGODB_URI the tests run on that server instead (docs/operations.md).
if [ -z "${MONGODB_URI:-}" ]; then
  beside engine "Den innebygde databasens rettelser (go test)" bash -c 'cd scripts/ferretdb && CGO_ENABLED=0 go test -count=1 .'
fi
if [ "$LANE" = fast ]; then
  step "Tester (uten nettleser)" run_vitest fast --project protocol --project client --project server "$@"
else
  # The other tests on both cores first, then the browser tests alone, one file at a time: beside
  # the other lane (its server files sharing modules now keep a core busy) the browser tests'
  # one-second checks failed now and then on two cores (issue 42), and the two one after the other
  # take no longer than the two side by side did.
  step "Tester (protocol, client, server)" run_vitest rest --project protocol --project client --project server "$@"
  step "Nettlesertestene (e2e)" run_vitest e2e --project e2e "$@"
fi
wait
for slug in "${besides[@]}"; do
  echo "== $(sed 's/ *[0-9]* s$//' "test-results/$slug.time")"
  if [ "$slug" = e2e ] || [ -f "test-results/$slug.failed" ]; then cat "test-results/$slug.log"; else echo "ok"; fi
  timings+=("$(cat "test-results/$slug.time")")
done
status=0
[ -f test-results/failed ] && status=1
node scripts/lib/summarizeTests.mjs test-results/*.json || status=1
echo
echo "Tid per del:"
printf '  %s\n' "${timings[@]}"
exit $status
