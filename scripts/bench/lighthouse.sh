#!/usr/bin/env bash
# Lighthouse (mobile) on /login, the board (/tilsynsvakt), the caretaker's screen (/vaktmester), the
# users screen (/admin/brukere) and the evacuation list of 600 (issue 47), each signed in as its role,
# against the production build served by the app on the embedded database with the demo data.
# Performance (issue 12), accessibility and best practices (issue 13). On demand, not in npm test:
# it fetches Lighthouse itself (npx) and drives Debian's Chromium.
# Usage: npm run bench:lighthouse   → scores, LCP, the page's own measures and any failed audit printed, reports in bench-results/.
#        LIGHTHOUSE_PAGES="board users" npm run bench:lighthouse   → only those pages (login board caretaker users evacuation).
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT="${LIGHTHOUSE_PORT:-3107}"
OUT=bench-results
DATA=$(mktemp -d)
mkdir -p "$OUT"
export CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

npm run build --silent >/dev/null
PORT=$PORT DATA_DIR="$DATA" DEMO_DATA=1 node dist/server/main.js >"$OUT/lighthouse-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 1 120); do curl -sf "http://localhost:$PORT/api/health" >/dev/null && break; sleep 1; done

signIn() {
  curl -s -D - -o /dev/null -H 'content-type: application/json' -H 'x-requested-with: XMLHttpRequest' \
    -d "{\"email\":\"$1\",\"password\":\"demo1234\"}" "http://localhost:$PORT/api/auth/login" |
    grep -i '^set-cookie: tilsynsvakt.sid=' | sed -E 's/^[Ss]et-[Cc]ookie: ([^;]*).*/\1/'
}

run() {
  local name=$1 path=$2 headers=$3
  shift 3
  if [ -n "${LIGHTHOUSE_PAGES:-}" ] && [[ " $LIGHTHOUSE_PAGES " != *" $name "* ]]; then return; fi
  npx --yes lighthouse@13.5.0 "http://localhost:$PORT$path" --quiet --only-categories=performance,accessibility,best-practices \
    --form-factor=mobile --chrome-flags="--headless=new --no-sandbox" --extra-headers="$headers" \
    --output=json --output-path="$OUT/lighthouse-$name.json" "$@"
  node -e '
    const r = require(process.argv[1]);
    const a = r.audits;
    const score = (id) => Math.round(r.categories[id].score * 100);
    console.log(`${process.argv[2].padEnd(14)} performance ${score("performance")}  accessibility ${score("accessibility")}  best practices ${score("best-practices")}  LCP ${(a["largest-contentful-paint"].numericValue / 1000).toFixed(2)} s  TBT ${Math.round(a["total-blocking-time"].numericValue)} ms  transferred ${Math.round(a["total-byte-weight"].numericValue / 1024)} KB`);
    const signedIn = a["network-requests"].details.items.some((i) => i.url.endsWith("/api/auth/me") && i.statusCode === 200);
    for (const t of a["user-timings"].details?.items ?? [])
      if (t.timingType === "Measure") console.log(`  ${t.name}: ${Math.round(t.duration)} ms`);
    if (process.argv[2] !== "/login" && !signedIn) console.log("  NOT SIGNED IN: this run measured the sign-in page, not " + process.argv[2]);
    for (const id of ["accessibility", "best-practices"])
      for (const ref of r.categories[id].auditRefs)
        if (ref.weight > 0 && a[ref.id].score !== null && a[ref.id].score < 1) console.log(`  ${id}: ${ref.id} – ${a[ref.id].title}`);
  ' "$PWD/$OUT/lighthouse-$name.json" "$path"
}
cookie() { printf '{"Cookie":"%s"}' "$(signIn "$1")"; }
run login /login '{}'
run board /tilsynsvakt "$(cookie tilsyn@demo.no)"
run caretaker /vaktmester "$(cookie vaktmester@demo.no)"
run users /admin/brukere "$(cookie admin@demo.no)"
# The evacuation list with 600 boarders in 10 houses (issue 47): its own measure of the list drawn
# ('evakueringslisten-tegnet', from its first render to the frame that shows it) is only meaningful
# under a really slowed CPU, so this run throttles in the browser (devtools) instead of simulating.
if [ -z "${LIGHTHOUSE_PAGES:-}" ] || [[ " $LIGHTHOUSE_PAGES " == *" evacuation "* ]]; then npx tsx scripts/bench/evacuationListSeed.ts "$PORT"; fi
run evacuation /evakuering "$(cookie tilsyn@demo.no)" --throttling-method=devtools
