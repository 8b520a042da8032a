# The local defaults of every setting the dev stack, the tests, the benchmark and the CLI read: the
# one place they are written. A value already in the environment wins.
#
# Shell scripts source this file (it sets shell variables; each script exports what its processes
# need: dev.sh all of them). The CLI (scripts/src/env.ts) reads the same lines, so every line has
# the one form NAME="${NAME:-default}", where the default may use $OTHER of a line above.
# The production image does not ship this file: there, every setting comes from the environment.

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/playquid_dev}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
BULL_PREFIX="${BULL_PREFIX:-playquid}"

# The API
PORT="${PORT:-3000}"
HOST="${HOST:-127.0.0.1}"
API_URL="${API_URL:-http://127.0.0.1:$PORT}"
PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:$PORT}"

# Firebase Auth emulator (host and port as in firebase.json); the client build signs in against it
FIREBASE_AUTH_EMULATOR_HOST="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
FIREBASE_PROJECT_ID="${FIREBASE_PROJECT_ID:-demo-playquid}"
VITE_FIREBASE_AUTH_EMULATOR_HOST="${VITE_FIREBASE_AUTH_EMULATOR_HOST:-$FIREBASE_AUTH_EMULATOR_HOST}"

# BitLabs: callbacks signed with this secret; the offers feed from the local stand-in
BITLABS_SECRET="${BITLABS_SECRET:-dev-bitlabs-secret}"
BITLABS_STANDIN_PORT="${BITLABS_STANDIN_PORT:-9301}"
BITLABS_API_URL="${BITLABS_API_URL:-http://127.0.0.1:$BITLABS_STANDIN_PORT}"
BITLABS_API_TOKEN="${BITLABS_API_TOKEN:-dev-bitlabs-token}"

# Tremendous: reward orders to the local stand-in, which posts signed delivery webhooks to the API
TREMENDOUS_STANDIN_PORT="${TREMENDOUS_STANDIN_PORT:-9300}"
TREMENDOUS_BASE_URL="${TREMENDOUS_BASE_URL:-http://127.0.0.1:$TREMENDOUS_STANDIN_PORT/api/v2}"
TREMENDOUS_API_KEY="${TREMENDOUS_API_KEY:-dev-tremendous-key}"
TREMENDOUS_WEBHOOK_SECRET="${TREMENDOUS_WEBHOOK_SECRET:-dev-tremendous-webhook-secret}"
