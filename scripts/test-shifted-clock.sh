#!/usr/bin/env bash
# The Vitest suite again under a shifted process clock (Debian's faketime), so that no test and no
# rule depends on today's date: every product time must come from the injected clock
# (`deps.now()` on the platform, `appNow()` in the app), never from the machine's.
#
#   scripts/test-shifted-clock.sh                          # at 2027-12-31 23:30:00 UTC (already 2028 in China)
#   scripts/test-shifted-clock.sh '2025-01-01 00:00:00'    # before the seeds' and fixtures' dates
#   scripts/test-shifted-clock.sh '2027-12-31 23:30:00' platform/routes/audits.test.ts   # some files only
#
# PGlite runs in this process (WASM), so its now() is shifted too; the timers and timeouts of
# Node and Vitest keep the real monotonic clock (FAKETIME_DONT_FAKE_MONOTONIC=1).
set -euo pipefail
cd "$(dirname "$0")/.."

at="${1:-2027-12-31 23:30:00}"
shift || true

if ! command -v faketime >/dev/null 2>&1; then
  echo "[test] installing Debian's faketime for the shifted-clock run"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq faketime >/dev/null
fi

# faketime reads the time as local time: pin the zone so the shift means the same everywhere.
export TZ=UTC
export FAKETIME_DONT_FAKE_MONOTONIC=1
seen="$(faketime "$at" date -u '+%Y-%m-%d %H:%M')"
if [ "$seen" != "$(date -u -d "$at" '+%Y-%m-%d %H:%M')" ]; then
  echo "[test] faketime did not shift the clock (date says $seen)" >&2
  exit 1
fi
echo "[test] Vitest with the process clock at $at UTC"
exec faketime "$at" npx vitest run "$@"
