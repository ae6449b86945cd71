#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests (CI's second API pass) and benchmarks (bench/).
#
#   scripts/pg-server.sh start   # installs Debian's postgresql if missing, creates and starts the cluster,
#                                # prints the connection URL (and writes it to $PG_DIR/url)
#   scripts/pg-server.sh url     # prints the URL of the running server (exit 1 if not running)
#   scripts/pg-server.sh stop    # stops it (no error when it is not running)
#   scripts/pg-server.sh status  # exit 0 when running
#   scripts/pg-server.sh replica-start  # a streaming replica of it (pg_basebackup), started; prints its URL
#   scripts/pg-server.sh replica-stop   # stops the replica only (the primary stays up)
#   scripts/pg-server.sh replica-url    # the replica's URL (exit 1 if not running)
#
#   DATABASE_URL=$(scripts/pg-server.sh start) npx vitest run --project api
#
# Settings (environment): PG_DIR (default /tmp/cratedig-pg) holds data/, the log, the socket and `url`;
# PG_PORT forces a port (default: a free loopback port, reused on later starts when still free);
# PG_USER / PG_PASSWORD name the superuser role (default cratedig / cratedig). PG_DURABLE=1 starts the
# server with fsync, full_page_writes and synchronous_commit on, as a production server runs, for
# benchmarks of anything that commits; it applies to a start, so stop a running server first.
# Huge pages: the server asks for its shared memory in 2 MB pages when the kernel has them
# (huge_pages=try), and as root `start` reserves enough (vm.nr_hugepages) when the machine has the
# memory to spare. On a virtual machine each PostgreSQL process otherwise faults once on every 4 KB
# page of the 1 GB of shared buffers it touches, at tens of microseconds a fault: on the large
# catalogue that was two thirds of PostgreSQL's CPU per search (bench/README.md "Search under
# listeners' load"). PG_HUGE_PAGES=0 starts without them.
#
# A replica: PG_REPLICA=1 on `start` runs the primary with wal_level=replica and WAL senders (it costs
# bulk loads their WAL-free path), and `replica-start` copies it with pg_basebackup into
# $PG_DIR/replica and starts it as a hot standby on a port of its own, streaming from the primary
# (256 MB of shared buffers, no huge pages). `stop` stops both; with PG_KEEP_REPLICA=1 only the primary.
#
# Non-interactive (CI=true, no stdin): nothing here prompts. Only stdout carries the URL; progress
# goes to stderr so `$(scripts/pg-server.sh start)` captures just the URL.
set -euo pipefail

PG_DIR="${PG_DIR:-/tmp/cratedig-pg}"
PG_USER="${PG_USER:-cratedig}"
PG_PASSWORD="${PG_PASSWORD:-cratedig}"
# PostgreSQL refuses to run as root, so as root we run it as this system user.
OS_USER="cratedig-pg"
DATA="$PG_DIR/data"
LOG="$PG_DIR/postgres.log"
REPLICA="$PG_DIR/replica"
REPLICA_LOG="$PG_DIR/replica.log"

say() { echo "pg-server: $*" >&2; }
die() {
  say "$*"
  exit 1
}

# Newest installed major version, preferring what is on PATH (Debian keeps binaries off PATH).
find_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  return 1
}

install_postgres() {
  [ "$(id -u)" = 0 ] || die "initdb not found and not root: install PostgreSQL (Debian: apt-get install postgresql)"
  say "installing Debian's postgresql (initdb not found)"
  # Debian's package would otherwise create and start a 'main' cluster on port 5432 that nobody stops.
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    mkdir -p /etc/postgresql-common
    echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null >&2
  apt-get install -y -qq --no-install-recommends postgresql postgresql-contrib </dev/null >&2
}

BIN="$(find_bin || true)"

# Runs a command as the cluster's owner (ourselves when not root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    (cd "$PG_DIR" && runuser -u "$OS_USER" -- "$@")
  else
    (cd "$PG_DIR" && "$@")
  fi
}

is_running() {
  [ -n "$BIN" ] && [ -f "$DATA/PG_VERSION" ] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

port_is_free() {
  node -e "const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen($1,'127.0.0.1',()=>s.close())"
}

write_url() {
  local port="$1"
  echo "postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$port/postgres" >"$PG_DIR/url"
  chmod 644 "$PG_DIR/url"
}

init_cluster() {
  mkdir -p "$PG_DIR"
  if [ "$(id -u)" = 0 ]; then
    id "$OS_USER" >/dev/null 2>&1 || useradd --system --no-create-home --home-dir "$PG_DIR" \
      --shell /usr/sbin/nologin "$OS_USER"
    chown "$OS_USER" "$PG_DIR"
  fi
  chmod 755 "$PG_DIR"
  local pwfile="$PG_DIR/.pw"
  printf '%s\n' "$PG_PASSWORD" >"$pwfile"
  [ "$(id -u)" = 0 ] && chown "$OS_USER" "$pwfile"
  chmod 600 "$pwfile"
  say "creating a cluster in $DATA"
  # C.UTF-8: byte-order collation like PGlite's, fast sorts and index builds.
  as_owner "$BIN/initdb" -D "$DATA" -U "$PG_USER" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >"$PG_DIR/initdb.log" 2>&1 ||
    die "initdb failed, see $PG_DIR/initdb.log"
  rm -f "$pwfile"
  # Tuned for throwaway test and benchmark clusters on a small machine. fsync, full_page_writes and
  # synchronous_commit are OFF: a crash can corrupt this cluster, which is fine because its data is
  # regenerated at will (tests, bench/generate-large-catalogue.ts) and it must never hold real data.
  # wal_level=minimal lets bulk loads into tables truncated in the same transaction skip the WAL.
  cat >>"$DATA/postgresql.conf" <<EOF

# --- cratedig test/benchmark settings (scripts/pg-server.sh) ---
listen_addresses = '127.0.0.1'
unix_socket_directories = '$PG_DIR'
max_connections = 100
shared_buffers = 1GB
work_mem = 64MB
maintenance_work_mem = 1GB
effective_cache_size = 4GB
random_page_cost = 1.1
fsync = off
full_page_writes = off
synchronous_commit = off
wal_level = minimal
max_wal_senders = 0
max_wal_size = 8GB
checkpoint_timeout = 30min
max_parallel_workers_per_gather = 2
max_parallel_maintenance_workers = 2
logging_collector = off
log_min_duration_statement = -1
EOF
}

# 2 MB pages for shared_buffers (1 GB) and the server's other shared memory, reserved when there are
# fewer and the machine has at least 4 GB available besides. Best effort: without them the server
# starts with ordinary pages.
HUGE_PAGES_NEEDED=600
reserve_huge_pages() {
  [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/nr_hugepages ] || return 0
  local have available_kb
  have="$(cat /proc/sys/vm/nr_hugepages)"
  [ "$have" -lt "$HUGE_PAGES_NEEDED" ] || return 0
  available_kb="$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)"
  [ "${available_kb:-0}" -gt $((4 * 1024 * 1024 + HUGE_PAGES_NEEDED * 2048)) ] || return 0
  echo "$HUGE_PAGES_NEEDED" >/proc/sys/vm/nr_hugepages 2>/dev/null || return 0
  say "reserved $(cat /proc/sys/vm/nr_hugepages) huge pages of 2 MB for shared memory"
}

start() {
  if [ -z "$BIN" ]; then
    install_postgres
    BIN="$(find_bin)" || die "PostgreSQL installed but initdb still not found"
  fi
  if is_running; then
    cat "$PG_DIR/url"
    return 0
  fi
  [ -f "$DATA/PG_VERSION" ] || init_cluster
  local port="${PG_PORT:-}"
  if [ -z "$port" ] && [ -f "$PG_DIR/port" ] && port_is_free "$(cat "$PG_DIR/port")"; then
    port="$(cat "$PG_DIR/port")"
  fi
  [ -n "$port" ] || port="$(free_port)"
  echo "$port" >"$PG_DIR/port"
  say "starting PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (log: $LOG)"
  local options="-p $port"
  if [ "${PG_HUGE_PAGES:-}" = 0 ]; then
    options="$options -c huge_pages=off"
  else
    reserve_huge_pages
    options="$options -c huge_pages=try"
  fi
  if [ "${PG_REPLICA:-}" = 1 ]; then
    options="$options -c wal_level=replica -c max_wal_senders=4 -c wal_keep_size=1GB"
    grep -q '^host replication' "$DATA/pg_hba.conf" ||
      echo "host replication $PG_USER 127.0.0.1/32 scram-sha-256" >>"$DATA/pg_hba.conf"
    say "with WAL for a replica (replica-start makes one)"
  fi
  if [ "${PG_DURABLE:-}" = 1 ]; then
    options="$options -c fsync=on -c full_page_writes=on -c synchronous_commit=on"
    say "durable: fsync, full_page_writes and synchronous_commit on"
  fi
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -o "$options" -w -t 60 start >/dev/null ||
    die "PostgreSQL did not start, see $LOG"
  write_url "$port"
  cat "$PG_DIR/url"
}

replica_running() {
  [ -n "$BIN" ] && [ -f "$REPLICA/PG_VERSION" ] && as_owner "$BIN/pg_ctl" -D "$REPLICA" status >/dev/null 2>&1
}

replica_start() {
  is_running || die "the primary is not running (start it with PG_REPLICA=1 $0 start)"
  if replica_running; then
    cat "$PG_DIR/replica-url"
    return 0
  fi
  local primary_port port
  primary_port="$(cat "$PG_DIR/port")"
  if [ ! -f "$REPLICA/PG_VERSION" ]; then
    say "copying the primary into $REPLICA (pg_basebackup)"
    mkdir -p "$REPLICA"
    [ "$(id -u)" = 0 ] && chown "$OS_USER" "$REPLICA"
    chmod 700 "$REPLICA"
    as_owner env PGPASSWORD="$PG_PASSWORD" "$BIN/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U "$PG_USER" \
      -D "$REPLICA" -R -X stream -c fast >"$PG_DIR/basebackup.log" 2>&1 ||
      die "pg_basebackup failed (is the primary started with PG_REPLICA=1?), see $PG_DIR/basebackup.log"
  fi
  port="${PG_REPLICA_PORT:-}"
  if [ -z "$port" ] && [ -f "$PG_DIR/replica-port" ] && port_is_free "$(cat "$PG_DIR/replica-port")"; then
    port="$(cat "$PG_DIR/replica-port")"
  fi
  [ -n "$port" ] || port="$(free_port)"
  echo "$port" >"$PG_DIR/replica-port"
  say "starting the replica on 127.0.0.1:$port (log: $REPLICA_LOG)"
  as_owner "$BIN/pg_ctl" -D "$REPLICA" -l "$REPLICA_LOG" \
    -o "-p $port -c hot_standby=on -c shared_buffers=256MB -c huge_pages=off -c wal_level=replica -c max_wal_senders=4" \
    -w -t 60 start >/dev/null || die "the replica did not start, see $REPLICA_LOG"
  echo "postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$port/postgres" >"$PG_DIR/replica-url"
  chmod 644 "$PG_DIR/replica-url"
  cat "$PG_DIR/replica-url"
}

replica_stop() {
  if replica_running; then
    as_owner "$BIN/pg_ctl" -D "$REPLICA" -m fast -w -t 60 stop >/dev/null
    say "replica stopped"
  fi
}

stop() {
  # PG_KEEP_REPLICA=1: the primary alone (a restart of it; the replica reconnects by itself)
  [ "${PG_KEEP_REPLICA:-}" = 1 ] || replica_stop
  if is_running; then
    as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null
    say "stopped"
  else
    say "not running"
  fi
}

url() {
  is_running || die "not running (start it with: $0 start)"
  cat "$PG_DIR/url"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
url) url ;;
status) is_running ;;
replica-start) replica_start ;;
replica-stop) replica_stop ;;
replica-url)
  replica_running || die "no replica running (start one with: $0 replica-start)"
  cat "$PG_DIR/replica-url"
  ;;
*)
  echo "usage: $0 start|stop|url|status|replica-start|replica-stop|replica-url   (PG_DIR=${PG_DIR})" >&2
  exit 2
  ;;
esac
