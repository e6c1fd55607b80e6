#!/usr/bin/env bash
DIR="${PG_TEST_DIR:-/tmp/conference-pg-test}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] && [ -f "$DIR/postmaster.pid" ] || exit 0
if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$DIR" -m fast stop >/dev/null; else "$bin/pg_ctl" -D "$DIR" -m fast stop >/dev/null; fi
