#!/usr/bin/env bash
# node_modules exactly as package-lock.json says (npm ci), installed when missing or older than the
# lock. The one install step of dev.sh, test.sh and bench.sh (the Docker build installs the same way).
#
#   bash scripts/install-deps.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# npm writes node_modules/.package-lock.json on every install: at least as new as the lock -> done
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
  exit 0
fi
echo "install-deps: npm ci" >&2
# --ignore-scripts: nothing here needs a dependency's install script (esbuild, swc, rollup and nx
# ship prebuilt platform packages), and it skips compiling firebase-tools' optional re2 from source
# (minutes; the Auth emulator does without it).
exec npm ci --prefer-offline --ignore-scripts --no-audit --no-fund
