# What `npm start` adds to the environment before the server starts. Sourced by scripts/start.sh.
# Demo data (with the README's demo passwords) is the local default only: a production start
# (NODE_ENV=production, as `npm run start:prod` sets it) never turns it on by itself.
start_defaults() {
  if [ "${NODE_ENV:-development}" != "production" ]; then
    export DEMO_DATA="${DEMO_DATA:-1}"
  fi
}
