#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer, installing (Debian
# packages) and starting them when needed. Idempotent; prints nothing when everything already runs.
#
#   bash scripts/ensure-services.sh [--with-chromium] [--with-compose]
#
#   --with-chromium  also install Debian `chromium` when /usr/bin/chromium is missing (browser tests)
#   --with-compose   also install Debian `docker-compose` when it is missing (`docker-compose config`)
#
# Needs root (or sudo) only when something has to be installed or started.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=5432
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
WAIT_SECONDS=${ENSURE_SERVICES_WAIT:-60}
LOCK_FILE=/tmp/playquid-ensure-services.lock

with_chromium=false
with_compose=false
for arg in "$@"; do
  case "$arg" in
    --with-chromium) with_chromium=true ;;
    --with-compose) with_compose=true ;;
    -h | --help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "ensure-services: unknown option: $arg" >&2
      exit 2
      ;;
  esac
done

say() { echo "ensure-services: $*" >&2; }
die() {
  say "ERROR: $*"
  exit 1
}

# --- privileges ------------------------------------------------------------------------------
SUDO=()
need_root() {
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    die "$1 needs root and sudo is not available; run this script as root, or $1 yourself"
  fi
}

# --- apt -------------------------------------------------------------------------------------
apt_updated=false
APT_LOG=/tmp/playquid-apt.log
apt_install() {
  need_root "installing $*"
  local apt=("${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300)
  if [ "$apt_updated" = false ]; then
    say "apt-get update"
    "${apt[@]}" update >>"$APT_LOG" 2>&1 9>&- || {
      tail -n 20 "$APT_LOG" >&2
      die "apt-get update failed (log: $APT_LOG)"
    }
    apt_updated=true
  fi
  say "apt-get install $* (log: $APT_LOG)"
  "${apt[@]}" install -y "$@" >>"$APT_LOG" 2>&1 9>&- || {
    tail -n 20 "$APT_LOG" >&2
    die "apt-get install $* failed (log: $APT_LOG)"
  }
}

# --- probes ----------------------------------------------------------------------------------
pg_up() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2
  else
    # no client tools: at least check that something listens
    (exec 3<>"/dev/tcp/$PG_HOST/$PG_PORT") 2>/dev/null
  fi
}

redis_up() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(timeout 3 redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
  else
    local reply
    reply=$(timeout 3 bash -c "exec 3<>/dev/tcp/$REDIS_HOST/$REDIS_PORT && printf 'PING\r\n' >&3 && head -c 5 <&3" 2>/dev/null) || return 1
    [ "${reply%$'\r'}" = "+PONG" ]
  fi
}

wait_for() { # name probe
  local name=$1 probe=$2 deadline=$((SECONDS + WAIT_SECONDS))
  until "$probe"; do
    [ "$SECONDS" -lt "$deadline" ] || die "$name did not answer within ${WAIT_SECONDS}s"
    sleep 0.5
  done
}

# --- PostgreSQL ------------------------------------------------------------------------------
pg_version() { # highest installed major version with a cluster config, else highest binaries
  local v
  v=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -n 1)
  [ -n "$v" ] || v=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
  echo "$v"
}

pg_trust_localhost() { # let `psql -h 127.0.0.1 -U postgres` in without a password
  local version=$1 hba="/etc/postgresql/$1/main/pg_hba.conf"
  [ -f "$hba" ] || return 0
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    say "pg_hba.conf: trust local TCP connections (127.0.0.1, ::1) for development"
    "${SUDO[@]}" sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    "${SUDO[@]}" pg_ctlcluster --skip-systemctl-redirect "$version" main reload >&2 9>&- || true
  fi
}

pg_password_free() {
  PGCONNECT_TIMEOUT=3 psql -w -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1
}

ensure_postgres() {
  pg_up && return 0
  local fresh=false version
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(pg_version)" ]; then
    apt_install --no-install-recommends postgresql
    fresh=true
  fi
  version=$(pg_version)
  [ -n "$version" ] || die "PostgreSQL is installed but no version was found under /etc/postgresql"
  need_root "starting PostgreSQL"
  if [ ! -f "/etc/postgresql/$version/main/postgresql.conf" ]; then
    say "creating PostgreSQL $version cluster 'main' on port $PG_PORT"
    "${SUDO[@]}" pg_createcluster --port "$PG_PORT" "$version" main >&2 9>&-
    fresh=true
  fi
  local port
  port=$(sed -nE 's/^[[:space:]]*port[[:space:]]*=[[:space:]]*([0-9]+).*/\1/p' "/etc/postgresql/$version/main/postgresql.conf" | tail -n 1)
  [ -z "$port" ] || [ "$port" = "$PG_PORT" ] ||
    die "PostgreSQL $version/main is configured for port $port, expected $PG_PORT (/etc/postgresql/$version/main/postgresql.conf)"
  if ! pg_up; then
    say "starting PostgreSQL $version/main"
    # pg_ctlcluster answers non-zero when the cluster already runs (e.g. started by apt's postinst)
    "${SUDO[@]}" pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 9>&- || pg_up || true
  fi
  wait_for PostgreSQL pg_up
  if [ "$fresh" = true ]; then
    pg_trust_localhost "$version"
  fi
  if ! pg_password_free; then
    sleep 1
    pg_password_free ||
      say "WARNING: 'psql -h $PG_HOST -U postgres' needs a password; add 'host all all 127.0.0.1/32 trust' at the top of /etc/postgresql/$version/main/pg_hba.conf and reload"
  fi
}

# --- Redis -----------------------------------------------------------------------------------
ensure_redis() {
  redis_up && return 0
  if ! command -v redis-server >/dev/null 2>&1; then
    apt_install --no-install-recommends redis-server
    sleep 1 # the package's postinst may have started it already
    redis_up && return 0
  fi
  need_root "starting Redis"
  say "starting Redis on $REDIS_HOST:$REDIS_PORT"
  "${SUDO[@]}" mkdir -p /var/lib/redis /var/log/redis
  "${SUDO[@]}" redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" \
    --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/playquid.log >&2 9>&- ||
    die "redis-server did not start (see /var/log/redis/playquid.log)"
  wait_for Redis redis_up
}

# --- optional tools --------------------------------------------------------------------------
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  # headless use only: no desktop recommends (avahi, cups, ...), but real fonts for rendering
  apt_install --no-install-recommends chromium fonts-liberation
  [ -x /usr/bin/chromium ] || die "chromium was installed but /usr/bin/chromium is missing"
}

ensure_compose() {
  command -v docker-compose >/dev/null 2>&1 && return 0
  apt_install --no-install-recommends docker-compose
  command -v docker-compose >/dev/null 2>&1 || die "docker-compose was installed but is not on PATH"
}

# --- main ------------------------------------------------------------------------------------
all_present() {
  pg_up && redis_up &&
    { [ "$with_chromium" = false ] || [ -x /usr/bin/chromium ]; } &&
    { [ "$with_compose" = false ] || command -v docker-compose >/dev/null 2>&1; }
}

all_present && exit 0

# Several scripts (dev, test, bench) may call this at once: install/start under one lock.
# Everything started below gets `9>&-` so no daemon inherits (and keeps holding) the lock.
if { : >>"$LOCK_FILE"; } 2>/dev/null; then
  exec 9>>"$LOCK_FILE"
  flock -w 900 9 || die "timed out waiting for $LOCK_FILE"
fi

ensure_postgres
ensure_redis
[ "$with_chromium" = false ] || ensure_chromium
[ "$with_compose" = false ] || ensure_compose
say "PostgreSQL $PG_HOST:$PG_PORT and Redis $REDIS_HOST:$REDIS_PORT are up"
