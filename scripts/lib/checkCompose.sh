#!/usr/bin/env bash
# Validates docker-compose.yml with `docker compose config` (or docker-compose v1), as production
# reads it (scripts/test.sh installs docker-compose first when it is missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SESSION_SECRET="kontroll-av-compose-filen-0123456789abcdef"
if docker compose version >/dev/null 2>&1; then
  docker compose config --quiet
else
  docker-compose config --quiet
fi
echo "docker-compose.yml er gyldig."
