#!/usr/bin/env bash
# npm run bench: throughput and freshness figures for the callback path (not part of npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh
[ -d node_modules ] || npm ci --no-audit --no-fund
npx nx run-many -t build --projects=contracts,read-db,server,projections,scripts --output-style=static
# An emulator started here keeps its accounts in memory only: stop it afterwards, or `npm start`
# would reuse it and lose the demo accounts the dev database still knows.
if ! bash scripts/firebase-emulator.sh status >/dev/null 2>&1; then
  trap 'bash scripts/firebase-emulator.sh stop >/dev/null 2>&1 || true' EXIT
fi
bash scripts/firebase-emulator.sh start
export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 FIREBASE_PROJECT_ID=demo-playquid
node scripts/dist/bench/bench.js
