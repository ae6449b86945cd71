#!/usr/bin/env bash
# Debian's PgBouncer in transaction pooling mode in front of one PostgreSQL database, on loopback: the
# pooler of docs/deploy.md for scripts/two-instances.sh and the API's PgBouncer server-test.
#
#   PGB_UPSTREAM=postgres://user:pw@127.0.0.1:5432/db scripts/pgbouncer.sh start   # prints the pooled URL
#   scripts/pgbouncer.sh stop
#
# Settings (environment): PGB_DIR (default /tmp/cratedig-pgbouncer) holds the configuration, the log and
# the pid; PGB_PORT (default: a free loopback port); PGB_POOL_SIZE server connections (default 20).
# PgBouncer refuses to run as root: as root it runs as the cratedig-pg system user (scripts/pg-server.sh).
# Only stdout carries the URL.
set -euo pipefail

PGB_DIR="${PGB_DIR:-/tmp/cratedig-pgbouncer}"
OS_USER="cratedig-pg"

say() { echo "pgbouncer: $*" >&2; }
die() {
  say "$*"
  exit 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$OS_USER" -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  command -v pgbouncer >/dev/null 2>&1 || die "pgbouncer not found (Debian: apt-get install pgbouncer)"
  [ -n "${PGB_UPSTREAM:-}" ] || die "PGB_UPSTREAM must be the postgres:// URL of the database to pool"
  if [ -f "$PGB_DIR/pgbouncer.pid" ] && kill -0 "$(cat "$PGB_DIR/pgbouncer.pid")" 2>/dev/null; then
    cat "$PGB_DIR/url"
    return 0
  fi
  mkdir -p "$PGB_DIR"
  if [ "$(id -u)" = 0 ]; then
    id "$OS_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$OS_USER"
    chown "$OS_USER" "$PGB_DIR"
  fi
  local port="${PGB_PORT:-$(free_port)}"
  # The upstream URL's parts, and the pooled URL: the same user, password and database name.
  eval "$(PGB_PORT="$port" node -e '
    const u = new URL(process.env.PGB_UPSTREAM);
    const q = (s) => "\x27" + s.replace(/\x27/g, "\x27\\\x27\x27") + "\x27";
    const db = decodeURIComponent(u.pathname.slice(1)) || "postgres";
    const pooled = new URL(u); pooled.hostname = "127.0.0.1"; pooled.port = process.env.PGB_PORT;
    console.log(`UP_HOST=${q(u.hostname)} UP_PORT=${q(u.port || "5432")} UP_DB=${q(db)}`);
    console.log(`UP_USER=${q(decodeURIComponent(u.username))} UP_PASSWORD=${q(decodeURIComponent(u.password))}`);
    console.log(`POOLED_URL=${q(pooled.toString())}`);
  ')"
  cat >"$PGB_DIR/pgbouncer.ini" <<EOF
; Written by scripts/pgbouncer.sh
[databases]
$UP_DB = host=$UP_HOST port=$UP_PORT dbname=$UP_DB

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $PGB_DIR/userlist.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = ${PGB_POOL_SIZE:-20}
logfile = $PGB_DIR/pgbouncer.log
pidfile = $PGB_DIR/pgbouncer.pid
EOF
  printf '"%s" "%s"\n' "$UP_USER" "$UP_PASSWORD" >"$PGB_DIR/userlist.txt"
  chmod 600 "$PGB_DIR/userlist.txt"
  if [ "$(id -u)" = 0 ]; then chown "$OS_USER" "$PGB_DIR/userlist.txt" "$PGB_DIR/pgbouncer.ini"; fi
  rm -f "$PGB_DIR/pgbouncer.pid"
  as_owner pgbouncer -d "$PGB_DIR/pgbouncer.ini" >&2 || die "pgbouncer did not start, see $PGB_DIR/pgbouncer.log"
  for _ in $(seq 1 50); do
    node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" && break
    sleep 0.1
  done
  say "PgBouncer $(pgbouncer --version | head -1 | awk '{print $2}') (transaction mode) on 127.0.0.1:$port -> $UP_HOST:$UP_PORT/$UP_DB"
  echo "$POOLED_URL" >"$PGB_DIR/url"
  cat "$PGB_DIR/url"
}

stop() {
  if [ -f "$PGB_DIR/pgbouncer.pid" ]; then
    kill -INT "$(cat "$PGB_DIR/pgbouncer.pid")" 2>/dev/null || true
    rm -f "$PGB_DIR/pgbouncer.pid"
    say "stopped"
  fi
}

case "${1:-}" in
start) start ;;
stop) stop ;;
*)
  echo "usage: PGB_UPSTREAM=postgres://… $0 start | $0 stop   (PGB_DIR=${PGB_DIR})" >&2
  exit 2
  ;;
esac
