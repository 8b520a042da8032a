#!/usr/bin/env bash
# npm run simulate -- --seeds N [--from S] | --seed S
# The deterministic money simulation (server/src/simulation) over N seeded histories, or one seed
# replayed exactly. Prints the seeds that broke a rule and what broke; exits 1 when any did.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seeds=1000 from=1 seed=
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "simulate: unknown option $1 (use --seeds N [--from S] or --seed S)" >&2; exit 2 ;;
  esac
done
[ -d node_modules ] || bash scripts/install-deps.sh
cd server
if [ -n "$seed" ]; then
  SIMULATION_SEED=$seed exec npx vitest run src/simulation/money-simulation.test.ts -t keeps
fi
SIMULATION_SEEDS=$seeds SIMULATION_FIRST_SEED=$from exec npx vitest run src/simulation/money-simulation.test.ts -t keeps
