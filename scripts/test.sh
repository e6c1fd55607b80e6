#!/usr/bin/env bash
# All tests: unit and platform tests (Vitest, real PGlite), then the browser journeys against
# the production build in Debian's chromium, installed here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "[test] installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

npm run build
npx vitest run
npx playwright test
