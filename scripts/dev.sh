#!/usr/bin/env bash
# npm start: the whole PlayQuid stack on this machine, in the background.
#
#   bash scripts/dev.sh          # services, deps, build, migrate, the processes below, demo data
#   bash scripts/dev.sh stop     # stops the processes below that this script started
#   bash scripts/dev.sh status
#   bash scripts/dev.sh restart
#
# Settings: scripts/env.defaults.sh, each overridable from the environment. The partners are their
# local stand-ins unless TREMENDOUS_BASE_URL or BITLABS_API_URL is set (e.g. the Tremendous sandbox
# with a real key, or the real BitLabs API with a real BITLABS_API_TOKEN).
# Logs: .data/logs/<process>.log and seed.log; pid files: .data/<process>.pid.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
DATA="$ROOT/.data"
LOGS="$DATA/logs"

# Decided before the defaults fill these in with the stand-ins' URLs.
[ -n "${TREMENDOUS_BASE_URL:-}" ] && TREMENDOUS_STANDIN=false || TREMENDOUS_STANDIN=true
[ -n "${BITLABS_API_URL:-}" ] && BITLABS_STANDIN=false || BITLABS_STANDIN=true
set -a
# shellcheck source=env.defaults.sh
source scripts/env.defaults.sh
set +a
export NX_TUI=false NX_DAEMON=false
# the dev emulator keeps its accounts in .data/firebase-emulator across restarts (uids stay stable)
export FIREBASE_EMULATOR_DATA="${FIREBASE_EMULATOR_DATA:-$DATA/firebase-emulator}"

APP_URL="http://127.0.0.1:$PORT"
HEALTH_URL="$APP_URL/api/health"

# --- the processes: started top to bottom, stopped bottom to top -----------------------------------
# Each runs an Nx target (package.json scripts: serve, worker, tremendous, bitlabs) in its own
# process group, or is a script of its own with start/stop/status. "answers" is the URL that
# answers once it is up (- when it has none); "runs" is false for a stand-in whose partner is real.
#  name         runs with                           answers                                                    runs
PROCESSES=(
  "emulator     script:scripts/firebase-emulator.sh http://$FIREBASE_AUTH_EMULATOR_HOST/                      true"
  "tremendous   @playquid/standins:tremendous       http://127.0.0.1:$TREMENDOUS_STANDIN_PORT/_standin/health  $TREMENDOUS_STANDIN"
  "bitlabs      @playquid/standins:bitlabs          http://127.0.0.1:$BITLABS_STANDIN_PORT/_standin/health     $BITLABS_STANDIN"
  "worker       @playquid/projections:worker        -                                                          true"
  "server       @playquid/server:serve              $HEALTH_URL                                                true"
)

say() { echo "dev: $*" >&2; }
die() {
  say "ERROR: $*"
  exit 1
}

answers() { curl -sf -m 3 -o /dev/null "$1"; }

pid_of() { # name target -> the pid in .data/<name>.pid while it is still `nx run <target>`
  local name=$1 target=$2 pid
  [ -f "$DATA/$name.pid" ] || return 1
  pid=$(cat "$DATA/$name.pid" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "nx run $target" || return 1
  echo "$pid"
}

show_log() { # name lines
  say "last lines of $LOGS/$1.log:"
  tail -n "$2" "$LOGS/$1.log" >&2 || true
}

start_process() { # name runner url
  local name=$1 runner=$2 url=$3
  if [[ "$runner" == script:* ]]; then
    bash "${runner#script:}" start
    return
  fi
  stop_process "$name" "$runner" # what an earlier run started: the fresh build is what runs
  if [ "$url" != - ] && answers "$url"; then
    die "something already answers on $url (not started by this script); stop it or change its port"
  fi
  say "starting $name (nx run $runner)"
  echo "=== $(date -u +%FT%TZ) nx run $runner" >>"$LOGS/$name.log"
  setsid npx nx run "$runner" --output-style=stream </dev/null >>"$LOGS/$name.log" 2>&1 &
  echo $! >"$DATA/$name.pid"
  [ "$url" = - ] && return
  local deadline=$((SECONDS + ${DEV_START_TIMEOUT:-90}))
  until answers "$url"; do
    if ! pid_of "$name" "$runner" >/dev/null; then
      say "$name exited during start-up"
      show_log "$name" 40
      exit 1
    fi
    [ "$SECONDS" -lt "$deadline" ] || die "$name: no answer on $url after ${DEV_START_TIMEOUT:-90}s (see $LOGS/$name.log)"
    sleep 0.5
  done
}

stop_process() { # name runner
  local name=$1 runner=$2 pid
  if [[ "$runner" == script:* ]]; then
    bash "${runner#script:}" stop
    return
  fi
  if pid=$(pid_of "$name" "$runner"); then
    say "stopping $name (pid $pid)"
    # The whole group: Nx, npm and the node process they run. Wait for the last of them to exit,
    # so a server finishes its graceful shutdown.
    kill -TERM -- "-$pid" 2>/dev/null || true
    local deadline=$((SECONDS + 15))
    while kill -0 -- "-$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$DATA/$name.pid"
}

status_process() { # name runner url
  local name=$1 runner=$2 url=$3 pid
  if [[ "$runner" == script:* ]]; then
    echo "$name: $(bash "${runner#script:}" status || true)"
  elif ! pid=$(pid_of "$name" "$runner"); then
    echo "$name: stopped"
  elif [ "$url" = - ]; then
    echo "$name: running (pid $pid)"
  elif answers "$url"; then
    echo "$name: running (pid $pid), answering on $url"
  else
    echo "$name: running (pid $pid), not answering on $url"
  fi
}

# each_process FUNCTION wanted|all|reverse: FUNCTION name runner url, for every row in table order
# (wanted: only those that run here), or in reverse order.
each_process() {
  local fn=$1 which=$2 count=${#PROCESSES[@]} n i name runner url runs
  for ((n = 0; n < count; n++)); do
    i=$n
    [ "$which" = reverse ] && i=$((count - 1 - n))
    read -r name runner url runs <<<"${PROCESSES[$i]}"
    [ "$which" = wanted ] && [ "$runs" != true ] && continue
    "$fn" "$name" "$runner" "$url"
  done
}

# --- steps ---------------------------------------------------------------------------------------
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

check_running() { # name runner: started with the others, and still running now they all are
  local name=$1 runner=$2
  [[ "$runner" == script:* ]] && return
  pid_of "$name" "$runner" >/dev/null && return
  say "$name exited"
  show_log "$name" 40
  exit 1
}

start_all() {
  local started=$SECONDS
  mkdir -p "$LOGS"
  bash scripts/ensure-services.sh
  bash scripts/install-deps.sh
  say "building (nx run-many -t build)"
  npx nx run-many -t build --output-style=static
  create_database
  say "migrating $DATABASE_URL"
  npx nx run @playquid/scripts:migrate --output-style=stream
  each_process start_process wanted
  each_process check_running wanted

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
  stop) each_process stop_process reverse ;;
  status) each_process status_process all ;;
  restart)
    each_process stop_process reverse
    start_all
    ;;
  *)
    echo "usage: $0 [start|stop|status|restart]" >&2
    exit 2
    ;;
esac
