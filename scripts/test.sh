#!/usr/bin/env bash
# npm test: everything CI checks, on real services (PostgreSQL, Redis, the Firebase Auth emulator,
# Chromium). Steps: services, deps, build, lint + typecheck, unit/integration tests of every
# package (vitest, throwaway databases), then the cross-package e2e and browser tests.
# Runs every check step even after a failure; exits non-zero when any step failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

export CI=true NX_TUI=false NX_DAEMON=false
# shellcheck source=env.defaults.sh
source scripts/env.defaults.sh
# The tests make their own databases, queues and stand-ins: they take only the Auth emulator from
# the defaults, for the API and for the client build (browser tests).
export FIREBASE_AUTH_EMULATOR_HOST FIREBASE_PROJECT_ID VITE_FIREBASE_AUTH_EMULATOR_HOST
NX=(npx nx run-many --output-style=static --parallel=2)

step() { echo -e "\n=== test: $* ===" >&2; }
failed=()

step "services"
bash scripts/ensure-services.sh --with-chromium

step "dependencies"
bash scripts/install-deps.sh

# The emulator takes ~10-15 s to boot: start it now, in parallel with the build.
emulator_started_here=false
if ! bash scripts/firebase-emulator.sh status >/dev/null 2>&1; then
  emulator_started_here=true
fi
emulator_log=$(mktemp)
bash scripts/firebase-emulator.sh start >"$emulator_log" 2>&1 &
emulator_job=$!
cleanup() {
  if [ "$emulator_started_here" = true ]; then
    wait "$emulator_job" 2>/dev/null || true # let a start in progress finish, then stop it
    bash scripts/firebase-emulator.sh stop >/dev/null 2>&1 || true
  fi
  rm -f "$emulator_log"
}
trap cleanup EXIT

step "build"
if ! "${NX[@]}" -t build; then
  echo "test: the build failed; nothing else can run" >&2
  exit 1
fi

step "lint and typecheck"
"${NX[@]}" -t lint typecheck || failed+=("lint/typecheck")

step "firebase auth emulator"
if ! wait "$emulator_job"; then
  cat "$emulator_log" >&2
  echo "test: the Firebase Auth emulator did not start" >&2
  exit 1
fi

step "package tests (vitest)"
"${NX[@]}" -t test || failed+=("package tests")

step "e2e and browser tests"
# through nx: the suite runs the built packages, and nx builds any that are stale first
npx nx run @playquid/e2e:e2e --output-style=static || failed+=("e2e")

if [ ${#failed[@]} -gt 0 ]; then
  echo -e "\ntest: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo -e "\ntest: all steps passed" >&2
