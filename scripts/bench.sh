#!/usr/bin/env bash
# npm run bench: the write side's throughput, freshness and replay figures next to their yardsticks
# (not part of npm test; a few minutes). scripts/src/bench/bench.ts says what it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=env.defaults.sh
source scripts/env.defaults.sh
export FIREBASE_AUTH_EMULATOR_HOST FIREBASE_PROJECT_ID
bash scripts/ensure-services.sh
bash scripts/install-deps.sh
npx nx run-many -t build --projects=contracts,config,domain,read-db,server,projections,scripts --output-style=static
# An emulator started here keeps its accounts in memory only: stop it afterwards, or `npm start`
# would reuse it and lose the demo accounts the dev database still knows.
if ! bash scripts/firebase-emulator.sh status >/dev/null 2>&1; then
  trap 'bash scripts/firebase-emulator.sh stop >/dev/null 2>&1 || true' EXIT
fi
bash scripts/firebase-emulator.sh start
node scripts/dist/bench/bench.js
