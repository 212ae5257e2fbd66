# Sourced by scripts/start.sh and scripts/test.sh: installs what the project needs, once.

ensure_node_modules() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "Node.js 20.19+ og npm trengs. Installer Node.js (https://nodejs.org) og prøv igjen." >&2
    exit 1
  fi
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "Installerer npm-pakker (npm ci) …"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# Browser tests drive Debian's Chromium (Playwright's own browser download does not work here).
ensure_chromium() {
  local bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ -x "$bin" ]; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installerer Chromium for nettlesertestene (apt-get install chromium) …"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
  if [ ! -x "$bin" ]; then
    echo "Chromium mangler ($bin). Installer pakken 'chromium' eller sett CHROMIUM_PATH." >&2
    exit 1
  fi
}

# The export tests open the files in LibreOffice, as an office would (its Calc, headless), and read
# its PDFs back with poppler's pdftotext/pdfinfo.
ensure_libreoffice() {
  if command -v "${SOFFICE_PATH:-soffice}" >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installerer LibreOffice Calc og poppler-utils for eksporttestene (apt-get install libreoffice-calc-nogui poppler-utils) …"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui poppler-utils >/dev/null
  fi
  if ! command -v "${SOFFICE_PATH:-soffice}" >/dev/null 2>&1; then
    echo "LibreOffice mangler. Installer pakken 'libreoffice-calc-nogui' eller sett SOFFICE_PATH." >&2
    exit 1
  fi
  if ! command -v pdftotext >/dev/null 2>&1; then
    echo "pdftotext mangler. Installer pakken 'poppler-utils'." >&2
    exit 1
  fi
}

# The multi-instance test runs a throwaway redis-server, as docker-compose's Socket.IO adapter does.
ensure_redis() {
  if command -v "${REDIS_SERVER_PATH:-redis-server}" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installerer redis-server for testen med flere instanser (apt-get install redis-server) …"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  fi
  if ! command -v "${REDIS_SERVER_PATH:-redis-server}" >/dev/null 2>&1; then
    echo "redis-server mangler. Installer pakken 'redis-server' eller sett REDIS_SERVER_PATH." >&2
    exit 1
  fi
}

# `docker compose config` (or docker-compose v1) checks docker-compose.yml as production reads it.
ensure_compose() {
  if docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installerer docker-compose for kontrollen av docker-compose.yml (apt-get install docker-compose) …"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null
  fi
  if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
    echo "docker compose mangler. Installer Docker Compose (eller pakken 'docker-compose')." >&2
    exit 1
  fi
}
