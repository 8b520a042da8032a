#!/usr/bin/env bash
# Firebase Auth emulator for dev, tests and the demo (offline, project demo-playquid, firebase.json).
#
#   bash scripts/firebase-emulator.sh start    # no-op when 127.0.0.1:9099 already answers
#   bash scripts/firebase-emulator.sh stop     # stops the emulator this script started
#   bash scripts/firebase-emulator.sh status   # exit 0 when it answers, 3 when not
#
# Log: .data/logs/firebase-emulator.log; pid file: .data/firebase-emulator.pid.
# FIREBASE_EMULATOR_DATA=<dir> (dev.sh sets .data/firebase-emulator): keep accounts across restarts
# (imported at start when present, exported on a clean stop). Unset: in memory only (tests).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=env.defaults.sh
source "$ROOT/scripts/env.defaults.sh"
# host and port come from firebase.json (127.0.0.1:9099)
read -r HOST PORT < <(node -e 'const a = require(process.argv[1]).emulators.auth; console.log(a.host, a.port)' "$ROOT/firebase.json")
PROJECT=$FIREBASE_PROJECT_ID
URL="http://$HOST:$PORT/"
DATA="$ROOT/.data"
LOG="$DATA/logs/firebase-emulator.log"
PID_FILE="$DATA/firebase-emulator.pid"
START_TIMEOUT=${FIREBASE_EMULATOR_START_TIMEOUT:-120}
FIREBASE="$ROOT/node_modules/.bin/firebase"

say() { echo "firebase-emulator: $*" >&2; }

answering() { curl -sf -m 2 -o /dev/null "$URL"; }

our_pid() { # prints the pid from the pid file when that process is still our emulator
  [ -f "$PID_FILE" ] || return 1
  local pid
  pid=$(cat "$PID_FILE" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'emulators:start' || return 1
  echo "$pid"
}

wait_until_up() { # pid
  local pid=$1 deadline=$((SECONDS + START_TIMEOUT))
  until answering; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "the emulator exited during start-up; last lines of $LOG:"
      tail -n 30 "$LOG" >&2 || true
      rm -f "$PID_FILE"
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      say "no answer on $URL after ${START_TIMEOUT}s; see $LOG"
      return 1
    fi
    sleep 0.5
  done
}

start() {
  if answering; then
    return 0
  fi
  mkdir -p "$DATA/logs"
  exec 9>>"$DATA/firebase-emulator.lock"
  flock -w "$START_TIMEOUT" 9 || {
    say "timed out waiting for another start"
    return 1
  }
  answering && return 0
  local pid
  if pid=$(our_pid); then # started by a concurrent call, still booting
    wait_until_up "$pid"
    return
  fi
  [ -x "$FIREBASE" ] || {
    say "$FIREBASE is missing: run npm ci first"
    return 1
  }
  say "starting the Auth emulator on $HOST:$PORT (project $PROJECT, log $LOG)"
  {
    echo "=== $(date -u +%FT%TZ) start"
  } >>"$LOG"
  # CI=true skips the CLI's message-of-the-day fetch and any prompt, NO_UPDATE_NOTIFIER its
  # update check; usage analytics stay off without `firebase login`. FIREBASE_DEBUG_PATH keeps
  # firebase-debug.log out of the repository root. setsid: its own process group, so `stop`
  # can end it (and anything it spawns) without touching the caller.
  local persist=()
  if [ -n "${FIREBASE_EMULATOR_DATA:-}" ]; then
    mkdir -p "$FIREBASE_EMULATOR_DATA"
    persist=(--export-on-exit="$FIREBASE_EMULATOR_DATA")
    if [ -f "$FIREBASE_EMULATOR_DATA/firebase-export-metadata.json" ]; then
      persist+=(--import="$FIREBASE_EMULATOR_DATA")
    fi
  fi
  (
    cd "$ROOT"
    exec env CI=true NO_UPDATE_NOTIFIER=1 FIREBASE_DEBUG_PATH="$DATA/logs/firebase-debug.log" \
      setsid "$FIREBASE" emulators:start --only auth --project "$PROJECT" \
      --config "$ROOT/firebase.json" --non-interactive "${persist[@]}" </dev/null >>"$LOG" 2>&1 9>&-
  ) &
  pid=$!
  echo "$pid" >"$PID_FILE"
  wait_until_up "$pid"
}

stop() {
  local pid
  if ! pid=$(our_pid); then
    rm -f "$PID_FILE"
    if answering; then
      say "$HOST:$PORT answers but was not started by this script; leaving it running"
    fi
    return 0
  fi
  say "stopping the Auth emulator (pid $pid)"
  # SIGINT is the emulator's clean shutdown; the group also covers any child process.
  kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + 30)) # a clean stop may export accounts first
  while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    sleep 1
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$PID_FILE"
}

status() {
  local pid
  if answering; then
    if pid=$(our_pid); then
      echo "running on $HOST:$PORT (pid $pid, log $LOG)"
    else
      echo "answering on $HOST:$PORT (not started by this script)"
    fi
    return 0
  fi
  if pid=$(our_pid); then
    echo "starting (pid $pid, log $LOG)"
  else
    echo "stopped"
  fi
  return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  restart)
    stop
    start
    ;;
  *)
    echo "usage: $0 start|stop|status|restart" >&2
    exit 2
    ;;
esac
