#!/usr/bin/env bash
# npm run bench:web: what a phone gets from the web client (JS budget, LCP, CLS, Lighthouse) and P2
# freshness through the member event stream. scripts/src/bench/web.ts says what it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=env.defaults.sh
source scripts/env.defaults.sh
export FIREBASE_AUTH_EMULATOR_HOST FIREBASE_PROJECT_ID VITE_FIREBASE_AUTH_EMULATOR_HOST
bash scripts/ensure-services.sh
bash scripts/install-deps.sh
npx nx run-many -t build --projects=contracts,config,domain,read-db,standins,server,projections,scripts,client --output-style=static
if ! bash scripts/firebase-emulator.sh status >/dev/null 2>&1; then
  trap 'bash scripts/firebase-emulator.sh stop >/dev/null 2>&1 || true' EXIT
fi
bash scripts/firebase-emulator.sh start
node scripts/dist/bench/web.js
