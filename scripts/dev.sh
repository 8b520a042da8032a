#!/usr/bin/env bash
# npm start: the whole PlayQuid stack on this machine, in the background.
#
#   bash scripts/dev.sh          # services, deps, build, migrate, emulator, API + worker, seed
#   bash scripts/dev.sh stop     # stops the API, the worker, the Tremendous and BitLabs stand-ins and the emulator this script started
#   bash scripts/dev.sh status
#
# Logs: .data/logs/{server,worker,tremendous,bitlabs,firebase-emulator,seed}.log; pid files: .data/*.pid.
# Any variable below can be overridden from the environment.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
DATA="$ROOT/.data"
LOGS="$DATA/logs"

export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/playquid_dev}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export BULL_PREFIX="${BULL_PREFIX:-playquid}"
export FIREBASE_AUTH_EMULATOR_HOST="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
export FIREBASE_PROJECT_ID="${FIREBASE_PROJECT_ID:-demo-playquid}"
export VITE_FIREBASE_AUTH_EMULATOR_HOST="$FIREBASE_AUTH_EMULATOR_HOST" # the client build signs in against the emulator
export BITLABS_SECRET="${BITLABS_SECRET:-dev-bitlabs-secret}"
export PORT="${PORT:-3000}"
export HOST="${HOST:-127.0.0.1}"
export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:$PORT}"
export API_URL="${API_URL:-http://127.0.0.1:$PORT}"
# Reward orders go to the local Tremendous stand-in unless TREMENDOUS_BASE_URL points elsewhere
# (e.g. the testflight sandbox with a real key); the stand-in posts signed delivery webhooks to the API.
export TREMENDOUS_STANDIN_PORT="${TREMENDOUS_STANDIN_PORT:-9300}"
if [ -z "${TREMENDOUS_BASE_URL:-}" ]; then
  TREMENDOUS_STANDIN=true
  export TREMENDOUS_BASE_URL="http://127.0.0.1:$TREMENDOUS_STANDIN_PORT/api/v2"
else
  TREMENDOUS_STANDIN=false
fi
export TREMENDOUS_API_KEY="${TREMENDOUS_API_KEY:-dev-tremendous-key}"
export TREMENDOUS_WEBHOOK_SECRET="${TREMENDOUS_WEBHOOK_SECRET:-dev-tremendous-webhook-secret}"
STANDIN_ENTRY=server/dist/rewards/standin-main.js
# The offer catalogue syncs from the local BitLabs stand-in unless BITLABS_API_URL points elsewhere
# (the real API, with a real BITLABS_API_TOKEN).
export BITLABS_STANDIN_PORT="${BITLABS_STANDIN_PORT:-9301}"
if [ -z "${BITLABS_API_URL:-}" ]; then
  BITLABS_STANDIN=true
  export BITLABS_API_URL="http://127.0.0.1:$BITLABS_STANDIN_PORT"
else
  BITLABS_STANDIN=false
fi
export BITLABS_API_TOKEN="${BITLABS_API_TOKEN:-dev-bitlabs-token}"
BITLABS_STANDIN_ENTRY=server/dist/offers/bitlabs-standin-main.js
export NX_TUI=false NX_DAEMON=false
# the dev emulator keeps its accounts in .data/firebase-emulator across restarts (uids stay stable)
export FIREBASE_EMULATOR_DATA="${FIREBASE_EMULATOR_DATA:-$DATA/firebase-emulator}"

APP_URL="http://127.0.0.1:$PORT"
HEALTH_URL="$APP_URL/api/health"

say() { echo "dev: $*" >&2; }
die() {
  say "ERROR: $*"
  exit 1
}

# --- background processes (server, worker) -----------------------------------------------------
pid_of() { # name -> pid when .data/<name>.pid points at a live process running <entry>
  local name=$1 entry=$2 pid
  [ -f "$DATA/$name.pid" ] || return 1
  pid=$(cat "$DATA/$name.pid" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$entry" || return 1
  echo "$pid"
}

start_bg() { # name entry: node <entry> in its own process group, logging to .data/logs/<name>.log
  local name=$1 entry=$2
  [ -f "$entry" ] || die "$entry is missing (did the build produce it?)"
  echo "=== $(date -u +%FT%TZ) start node $entry" >>"$LOGS/$name.log"
  setsid node "$entry" </dev/null >>"$LOGS/$name.log" 2>&1 &
  echo $! >"$DATA/$name.pid"
}

stop_bg() { # name entry
  local name=$1 entry=$2 pid
  if pid=$(pid_of "$name" "$entry"); then
    say "stopping $name (pid $pid)"
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + 15))
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$DATA/$name.pid"
}

healthy() { curl -sf -m 3 -o /dev/null "$HEALTH_URL"; }

stop_all() {
  stop_bg server server/dist/main.js
  stop_bg worker projections/dist/worker.js
  stop_bg tremendous "$STANDIN_ENTRY"
  stop_bg bitlabs "$BITLABS_STANDIN_ENTRY"
  bash scripts/firebase-emulator.sh stop
}

status() {
  local pid
  if pid=$(pid_of server server/dist/main.js); then echo "server: running (pid $pid) $APP_URL"; else echo "server: stopped"; fi
  if pid=$(pid_of worker projections/dist/worker.js); then echo "worker: running (pid $pid)"; else echo "worker: stopped"; fi
  if pid=$(pid_of tremendous "$STANDIN_ENTRY"); then echo "tremendous stand-in: running (pid $pid) $TREMENDOUS_BASE_URL"; else echo "tremendous stand-in: stopped"; fi
  if pid=$(pid_of bitlabs "$BITLABS_STANDIN_ENTRY"); then echo "bitlabs stand-in: running (pid $pid) $BITLABS_API_URL"; else echo "bitlabs stand-in: stopped"; fi
  echo "firebase emulator: $(bash scripts/firebase-emulator.sh status || true)"
  if healthy; then echo "health: $HEALTH_URL ok"; else echo "health: $HEALTH_URL not answering"; fi
}

# --- steps ---------------------------------------------------------------------------------------
install_deps() {
  # npm writes node_modules/.package-lock.json on every install: older than the lock -> reinstall
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci"
    npm ci --no-audit --no-fund || {
      # npm ci rejects a lock that lacks other platforms' optional packages; install keeps the locked versions
      echo "npm ci failed; falling back to npm install" >&2
      npm install --no-audit --no-fund
    }
  fi
}

create_database() {
  local db admin
  db=${DATABASE_URL##*/}
  db=${db%%\?*}
  admin="${DATABASE_URL%/*}/postgres"
  [[ "$db" =~ ^[A-Za-z0-9_]+$ ]] || die "unexpected database name in DATABASE_URL: $db"
  if [ "$(psql "$admin" -w -tAc "select 1 from pg_database where datname = '$db'")" != 1 ]; then
    say "creating database $db"
    psql "$admin" -w -q -c "create database \"$db\"" >/dev/null
  fi
}

# start_standin NAME LABEL PORT ENTRY URL: a local partner stand-in, refused if its port is taken,
# waited for on its health route.
start_standin() {
  local name=$1 label=$2 port=$3 entry=$4 url=$5
  local health="http://127.0.0.1:$port/_standin/health" deadline=$((SECONDS + 10))
  if curl -sf -m 2 -o /dev/null "$health"; then
    die "something already answers on port $port (not started by this script); stop it or set ${label^^}_STANDIN_PORT"
  fi
  say "starting the $label stand-in ($url)"
  start_bg "$name" "$entry"
  until curl -sf -m 2 -o /dev/null "$health"; do
    if ! pid_of "$name" "$entry" >/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      say "the $label stand-in did not come up; last lines of $LOGS/$name.log:"
      tail -n 20 "$LOGS/$name.log" >&2 || true
      exit 1
    fi
    sleep 0.2
  done
}

start_tremendous_standin() {
  [ "$TREMENDOUS_STANDIN" = true ] || return 0
  start_standin tremendous Tremendous "$TREMENDOUS_STANDIN_PORT" "$STANDIN_ENTRY" "$TREMENDOUS_BASE_URL"
}

start_bitlabs_standin() {
  [ "$BITLABS_STANDIN" = true ] || return 0
  start_standin bitlabs BitLabs "$BITLABS_STANDIN_PORT" "$BITLABS_STANDIN_ENTRY" "$BITLABS_API_URL"
}

wait_healthy() {
  local deadline=$((SECONDS + ${DEV_START_TIMEOUT:-90}))
  until healthy; do
    if ! pid_of server server/dist/main.js >/dev/null; then
      say "the server exited; last lines of $LOGS/server.log:"
      tail -n 40 "$LOGS/server.log" >&2 || true
      exit 1
    fi
    [ "$SECONDS" -lt "$deadline" ] || die "no answer on $HEALTH_URL after ${DEV_START_TIMEOUT:-90}s (see $LOGS/server.log)"
    sleep 0.5
  done
  if ! pid_of worker projections/dist/worker.js >/dev/null; then
    say "the projections worker exited; last lines of $LOGS/worker.log:"
    tail -n 40 "$LOGS/worker.log" >&2 || true
    exit 1
  fi
}

start_all() {
  local started=$SECONDS
  mkdir -p "$LOGS"
  bash scripts/ensure-services.sh
  install_deps
  say "building (nx run-many -t build)"
  npx nx run-many -t build --output-style=static
  create_database
  say "migrating $DATABASE_URL"
  node scripts/dist/cli.js migrate
  bash scripts/firebase-emulator.sh start

  # restart what an earlier run started, so the fresh build is what runs
  stop_bg server server/dist/main.js
  stop_bg worker projections/dist/worker.js
  stop_bg tremendous "$STANDIN_ENTRY"
  stop_bg bitlabs "$BITLABS_STANDIN_ENTRY"
  start_tremendous_standin
  start_bitlabs_standin
  if healthy; then
    die "something else already answers on $APP_URL (not started by this script); stop it or set PORT"
  fi
  say "starting the API server ($APP_URL) and the projections worker"
  start_bg server server/dist/main.js
  start_bg worker projections/dist/worker.js
  wait_healthy

  say "seeding demo data"
  node scripts/dist/cli.js seed 2>&1 | tee "$LOGS/seed.log"

  cat <<EOF

PlayQuid is running (ready in $((SECONDS - started))s):
  App              $APP_URL
  API docs         $APP_URL/api/docs
  Health           $HEALTH_URL
  Auth emulator    http://$FIREBASE_AUTH_EMULATOR_HOST (project $FIREBASE_PROJECT_ID)
  Tremendous       $TREMENDOUS_BASE_URL$([ "$TREMENDOUS_STANDIN" = true ] && echo " (local stand-in)")
  BitLabs offers   $BITLABS_API_URL$([ "$BITLABS_STANDIN" = true ] && echo " (local stand-in)")
  Logs             $LOGS/
  Demo logins      printed by the seed above (also in $LOGS/seed.log)
  Stop             npm start -- stop   (or: bash scripts/dev.sh stop)
EOF
}

case "${1:-start}" in
  start) start_all ;;
  stop) stop_all ;;
  status) status ;;
  restart)
    stop_all
    start_all
    ;;
  *)
    echo "usage: $0 [start|stop|status|restart]" >&2
    exit 2
    ;;
esac
