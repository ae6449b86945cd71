#!/usr/bin/env bash
# Two Cratedig API instances on one PostgreSQL behind Debian's nginx, all on loopback: the production
# shape of docs/deploy.md, small enough to run on one machine. The instances reach PostgreSQL through
# Debian's PgBouncer in transaction mode (DATABASE_POOL_MODE=transaction), their live-event listener
# directly (DATABASE_LISTEN_URL); PGBOUNCER=false connects them directly.
# CLUSTER=true adds the rest of a cluster: a streaming replica the instances read the catalogue from
# (DATABASE_REPLICA_URL), an S3-compatible object store for the media (scripts/s3-server.mjs,
# MEDIA_STORE=s3), and a worker running the background jobs (`cratedig worker`; the instances get
# JOBS=false).
#
#   scripts/two-instances.sh start    # PostgreSQL (throwaway, unless DATABASE_URL is set), PgBouncer, 2 instances, nginx
#   scripts/two-instances.sh check    # a session, the login limit and counts behave as one across both
#   scripts/two-instances.sh restart-instance 8312   # SIGTERM one instance, start it again (bench/soak.ts)
#   scripts/two-instances.sh kill-worker     # SIGKILL the worker (CLUSTER=true), start a new one
#   scripts/two-instances.sh restart-replica # stop the replica, start it again (CLUSTER=true)
#   scripts/two-instances.sh stop
#
# Ports (override with the variables): nginx NGINX_PORT=8310, instances API_PORTS="8311 8312",
# PgBouncer PGB_PORT=8318, the throwaway PostgreSQL PG_PORT=8319, its replica PG_REPLICA_PORT=8317, the
# object store S3_PORT=8316. State, logs and the nginx configuration live in STATE_DIR
# (default /tmp/cratedig-two-instances). TLS is left to the real proxy (docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."

STATE_DIR="${STATE_DIR:-/tmp/cratedig-two-instances}"
NGINX_PORT="${NGINX_PORT:-8310}"
API_PORTS="${API_PORTS:-8311 8312}"
PG_PORT="${PG_PORT:-8319}"
PGB_PORT="${PGB_PORT:-8318}"
PGBOUNCER="${PGBOUNCER:-true}"
CLUSTER="${CLUSTER:-false}"
PG_REPLICA_PORT="${PG_REPLICA_PORT:-8317}"
S3_PORT="${S3_PORT:-8316}"
export PG_DIR="$STATE_DIR/pg" PG_PORT PG_REPLICA_PORT PGB_DIR="$STATE_DIR/pgbouncer" PGB_PORT

say() { echo "two-instances: $*" >&2; }

wait_healthy() {
  local port="$1"
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  say "the instance on port $port did not become healthy; see $STATE_DIR/api-$port.log"
  return 1
}

write_nginx_conf() {
  local servers=""
  for port in $API_PORTS; do servers+="    server 127.0.0.1:$port max_fails=0;"$'\n'; done
  mkdir -p "$STATE_DIR/nginx"
  cat >"$STATE_DIR/nginx/nginx.conf" <<EOF
# Written by scripts/two-instances.sh; the same shape as docs/deploy.md, without TLS.
worker_processes 1;
pid $STATE_DIR/nginx/nginx.pid;
error_log $STATE_DIR/nginx/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log $STATE_DIR/nginx/access.log;
  client_body_temp_path $STATE_DIR/nginx/body;
  proxy_temp_path $STATE_DIR/nginx/proxy;
  fastcgi_temp_path $STATE_DIR/nginx/fastcgi;
  uwsgi_temp_path $STATE_DIR/nginx/uwsgi;
  scgi_temp_path $STATE_DIR/nginx/scgi;
  client_max_body_size 2m;

  upstream cratedig {
$servers    keepalive 32;
  }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    # DJs' uploads (tus): 8 MB chunks streamed to the instance as they come, never spooled, and
    # never retried on another instance (a PATCH is not safe to repeat elsewhere)
    location /api/publish/uploads {
      client_max_body_size 64m;
      proxy_request_buffering off;
      proxy_pass http://cratedig;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_next_upstream off;
    }
    location / {
      proxy_pass http://cratedig;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      # Cratedig counts rate limits per client address and, with TRUST_PROXY=true, takes it from
      # X-Forwarded-For: nginx replaces whatever the client sent with the address it sees.
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # An instance that is stopping or cannot reach the database: try the other one for requests
      # that are safe to repeat.
      proxy_next_upstream error timeout http_503;
      proxy_buffering off;
    }
  }
}
EOF
}

# The URLs the instances use: DATABASE (pooled or direct), LISTEN (direct) and the pool mode, written by
# start so that restart-instance starts an instance exactly as start did.
# The settings every instance and the worker share: the database, the signing key, the media.
cluster_env() {
  # shellcheck disable=SC1091
  . "$STATE_DIR/urls"
  echo DATABASE_URL="$POOLED_URL" DATABASE_POOL_MODE="$POOL_MODE" DATABASE_LISTEN_URL="$DIRECT_URL" \
    MEDIA_DIR="$STATE_DIR/media" UPLOAD_DIR="$STATE_DIR/uploads" JWT_SECRET="$(cat "$STATE_DIR/jwt-secret")"
  if [ "$CLUSTER" = true ]; then
    echo DATABASE_REPLICA_URL="$REPLICA_URL" JOBS=false MEDIA_STORE=s3 S3_BUCKET=cratedig-media \
      S3_ENDPOINT="http://127.0.0.1:$S3_PORT" S3_FORCE_PATH_STYLE=true S3_ACCESS_KEY_ID=S3RVER \
      S3_SECRET_ACCESS_KEY=S3RVER
  fi
}

start_instance() {
  local port="$1" seed="$2"
  say "starting an instance on 127.0.0.1:$port"
  # Both instances share the database, the signing key and the media; each has its own DATA_DIR.
  # shellcheck disable=SC2046
  env $(cluster_env) PORT="$port" HOST=127.0.0.1 DATA_DIR="$STATE_DIR/data-$port" TRUST_PROXY=true \
    PUBLIC_URL="http://127.0.0.1:$NGINX_PORT" SEED_DEMO="$seed" \
    setsid node --import tsx apps/api/src/main.ts >>"$STATE_DIR/api-$port.log" 2>&1 &
  echo $! >"$STATE_DIR/api-$port.pid"
  wait_healthy "$port"
}

start_worker() {
  say "starting a worker"
  # shellcheck disable=SC2046
  env $(cluster_env) DATA_DIR="$STATE_DIR/data-worker" LOG_FORMAT=json \
    setsid node --import tsx apps/api/src/cli/main.ts worker >>"$STATE_DIR/worker.log" 2>&1 &
  echo $! >"$STATE_DIR/worker.pid"
}

kill_worker() {
  local pid
  pid="$(cat "$STATE_DIR/worker.pid")"
  kill -KILL "$pid" 2>/dev/null || true
  say "worker $pid killed"
  start_worker
}

start() {
  mkdir -p "$STATE_DIR"
  local url="${DATABASE_URL:-}"
  if [ -z "$url" ]; then
    if [ "$CLUSTER" = true ]; then url="$(PG_REPLICA=1 bash scripts/pg-server.sh start)"; else url="$(bash scripts/pg-server.sh start)"; fi
    url="${url%/postgres}/cratedig"
    psql "${url%/cratedig}/postgres" -qtc "select 1 from pg_database where datname = 'cratedig'" | grep -q 1 ||
      psql "${url%/cratedig}/postgres" -qc "create database cratedig"
  fi
  [ -f "$STATE_DIR/jwt-secret" ] || node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))" >"$STATE_DIR/jwt-secret"
  local pooled="$url" mode=session
  if [ "$PGBOUNCER" = true ]; then
    pooled="$(PGB_UPSTREAM="$url" bash scripts/pgbouncer.sh start)"
    mode=transaction
  fi
  local replica=""
  if [ "$CLUSTER" = true ]; then
    replica="$(bash scripts/pg-server.sh replica-start)"
    replica="${replica%/postgres}/cratedig"
    mkdir -p "$STATE_DIR/s3"
    setsid node scripts/s3-server.mjs "$S3_PORT" "$STATE_DIR/s3" cratedig-media >>"$STATE_DIR/s3.log" 2>&1 &
    echo $! >"$STATE_DIR/s3.pid"
  fi
  printf 'POOLED_URL=%q\nDIRECT_URL=%q\nPOOL_MODE=%q\nREPLICA_URL=%q\n' "$pooled" "$url" "$mode" "$replica" >"$STATE_DIR/urls"
  chmod 600 "$STATE_DIR/urls"
  node -e "import('./scripts/web-build.mjs').then((m) => m.ensureWebBuild())"
  mkdir -p "$STATE_DIR/media"
  local seed=true
  for port in $API_PORTS; do
    # The first instance migrates and loads the demo catalogue before the second one starts.
    start_instance "$port" "$seed"
    seed=false
  done
  if [ "$CLUSTER" = true ]; then start_worker; fi
  write_nginx_conf
  nginx -p "$STATE_DIR/nginx" -c "$STATE_DIR/nginx/nginx.conf"
  say "nginx on http://127.0.0.1:$NGINX_PORT in front of ports $API_PORTS"
}

# Stops one instance with SIGTERM (as a process manager does), waits for it to exit, starts it again.
restart_instance() {
  local port="$1" pidfile="$STATE_DIR/api-$1.pid"
  [ -f "$pidfile" ] || { say "no instance on port $port"; return 1; }
  local pid
  pid="$(cat "$pidfile")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { say "the instance on $port did not exit within 30 s"; return 1; }
  start_instance "$port" false
}

stop() {
  if [ -f "$STATE_DIR/nginx/nginx.pid" ]; then
    nginx -p "$STATE_DIR/nginx" -c "$STATE_DIR/nginx/nginx.conf" -s quit 2>/dev/null || true
  fi
  for port in $API_PORTS; do
    local pidfile="$STATE_DIR/api-$port.pid"
    if [ -f "$pidfile" ]; then
      kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
      rm -f "$pidfile"
    fi
  done
  for pidfile in "$STATE_DIR/worker.pid" "$STATE_DIR/s3.pid"; do
    if [ -f "$pidfile" ]; then
      kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
      rm -f "$pidfile"
    fi
  done
  bash scripts/pgbouncer.sh stop || true
  [ -n "${DATABASE_URL:-}" ] || bash scripts/pg-server.sh stop || true
}

case "${1:-}" in
start) start ;;
check)
  node scripts/two-instances-check.mjs "http://127.0.0.1:$NGINX_PORT" $API_PORTS
  if [ "$PGBOUNCER" = true ]; then
    # The instances' statements went through the pooler, not around it.
    logins="$(grep -c 'login attempt: db=cratedig' "$PGB_DIR/pgbouncer.log" || true)"
    [ "${logins:-0}" -gt 0 ] || { echo "FAIL pgbouncer: no instance connected through it" >&2; exit 1; }
    echo "ok   pgbouncer: the instances connected through PgBouncer (transaction mode) $logins times"
  fi
  ;;
stop) stop ;;
restart-instance) restart_instance "${2:?usage: $0 restart-instance <port>}" ;;
kill-worker) kill_worker ;;
restart-replica)
  bash scripts/pg-server.sh replica-stop
  bash scripts/pg-server.sh replica-start >/dev/null
  ;;
*)
  echo "usage: $0 start|check|stop|restart-instance <port>|kill-worker|restart-replica" >&2
  exit 2
  ;;
esac
