#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a loopback port for the tests, installing Debian's
# postgresql when it is missing and we may. Prints the connection URL on success; exits 1
# (printing why on stderr) when no cluster can be started.
set -uo pipefail
PORT="${PG_TEST_PORT:-54329}"
DIR="${PG_TEST_DIR:-/tmp/conference-pg-test}"

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] && [ "$(id -u)" = "0" ]; then
  echo "[pg] installing Debian's postgresql" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2 || true
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
[ -n "$bin" ] || { echo "[pg] no PostgreSQL server available" >&2; exit 1; }

# PostgreSQL refuses to run as root: use the postgres user when we are root.
run() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then echo "[pg] no postgres user" >&2; exit 1; fi

if [ -f "$DIR/postmaster.pid" ]; then run "$bin/pg_ctl" -D "$DIR" -m immediate stop >/dev/null 2>&1 || true; fi
rm -rf "$DIR" && mkdir -p "$DIR"
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
run "$bin/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null || { echo "[pg] initdb failed" >&2; exit 1; }
run "$bin/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
  || { echo "[pg] could not start:" >&2; cat "$DIR/server.log" >&2; exit 1; }
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
