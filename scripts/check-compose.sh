#!/usr/bin/env bash
# CI: the production compose file refuses to start without each of its required secrets, naming the
# one missing, and parses once they are all set. Run from anywhere: bash scripts/check-compose.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REQUIRED=(PUBLIC_BASE_URL POSTGRES_PASSWORD REDIS_PASSWORD EVENTSTORE_ADMIN_PASSWORD EVENTSTORE_OPS_PASSWORD
  BITLABS_SECRET TREMENDOUS_API_KEY TREMENDOUS_WEBHOOK_SECRET FIREBASE_PROJECT_ID FIREBASE_ADMIN_CREDENTIALS_FILE METRICS_TOKEN PERSONAL_DATA_MASTER_KEY STATEMENT_SIGNING_KEY)

credentials=$(mktemp)
trap 'rm -f "$credentials"' EXIT
echo '{}' > "$credentials"

# Runs docker-compose config with every required variable set except those named, and nothing else
# from the caller's environment that could fill them.
config_without() {
  local -a env=(env -u "${REQUIRED[0]}")
  for name in "${REQUIRED[@]}"; do env+=(-u "$name"); done
  for name in "${REQUIRED[@]}"; do
    local skip=false
    for missing in "$@"; do [ "$name" = "$missing" ] && skip=true; done
    [ "$skip" = true ] && continue
    case "$name" in
      PUBLIC_BASE_URL) env+=("$name=https://api.example.com") ;;
      FIREBASE_ADMIN_CREDENTIALS_FILE) env+=("$name=$credentials") ;;
      *) env+=("$name=ci-$name") ;;
    esac
  done
  "${env[@]}" docker-compose config --quiet 2>&1
}

failed=0
for name in "${REQUIRED[@]}"; do
  if output=$(config_without "$name"); then
    echo "check-compose: docker-compose config passed without $name (it must be required)"; failed=1
  elif ! grep -q "$name is required" <<<"$output"; then
    echo "check-compose: without $name, docker-compose config failed without naming it: $output"; failed=1
  fi
done
if output=$(config_without "${REQUIRED[@]}"); then
  echo 'check-compose: docker-compose config passed with no secret set'; failed=1
else
  echo "check-compose: with no secret set: ${output##*: }"
fi
if ! output=$(config_without); then
  echo "check-compose: docker-compose config failed with every secret set: $output"; failed=1
fi
[ "$failed" = 0 ] && echo "check-compose: ok (${#REQUIRED[@]} required secrets, each named when missing; parses with all set)"
exit "$failed"
