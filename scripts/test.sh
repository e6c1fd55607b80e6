#!/usr/bin/env bash
# All tests: lint and format (ESLint, Prettier), unit and platform tests (Vitest, real PGlite), the same again under a shifted clock
# (faketime), then the browser journeys against the production build in Debian's chromium, with
# a CJK font so Chinese renders as users see it. Installs what is missing from Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
{ command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; } || missing+=(chromium)
# grep -c reads the whole list: with pipefail, grep -q leaving early kills fc-list (SIGPIPE) and a
# font that is there read as missing (14 runs in 20 here, each an apt-get update and install).
[ "$(fc-list 2>/dev/null | grep -ci "Noto Sans CJK")" -gt 0 ] || missing+=(fonts-noto-cjk)
command -v faketime >/dev/null 2>&1 || missing+=(faketime)
if [ ${#missing[@]} -gt 0 ]; then
  echo "[test] installing Debian's ${missing[*]} for the tests"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# ESLint (with type information) and Prettier first, before the slow tests; the types too (Vite and
# Vitest strip them without checking). Each is one process on one core, so the two run side by side,
# each output printed whole when it ends; either failing fails the run once both are done.
logs="$(mktemp -d)"
npm run lint >"$logs/lint" 2>&1 &
lint=$!
npx tsc --noEmit >"$logs/tsc" 2>&1 &
tsc=$!
failed=0
wait "$lint" || failed=1
cat "$logs/lint"
wait "$tsc" || { failed=1; echo "[test] tsc --noEmit found type errors:"; }
cat "$logs/tsc"
rm -rf "$logs"
[ "$failed" = 0 ] || exit 1
npm run build
# Vitest's default in a run is one worker fewer than the cores: on a 2-core CI machine, one worker
# and an idle core. The test files are independent (each platform test has its own database, the
# server tests their own data directory and port), so the full runs use every core.
workers="$(node -p 'require("node:os").availableParallelism()')"
npx vitest run --maxWorkers="$workers"
# The unit and platform tests once more with the process clock in China's next year. Where a
# PostgreSQL is at hand (PG_URL, as .ci/run starts one), this second run's platform tests use it
# instead of PGlite: one run covers both the shifted clock and the other database.
if [ -n "${PG_URL:-}" ]; then
  echo "[test] the shifted-clock run's platform tests on PostgreSQL at $PG_URL"
  export TEST_DATABASE_URL="$PG_URL"
fi
bash scripts/test-shifted-clock.sh "2027-12-31 23:30:00" --maxWorkers="$workers" app contract platform server scripts
unset TEST_DATABASE_URL
# The journeys in parts (playwright.config.ts, decision 060): the screens specs side by side on both
# cores; then the other journeys, with JavaScript and without at the same time, each project one
# journey at a time against a server of its own (E2E_SLOT: its own ports, database and output).
# All always run; any failing fails the run. Each part's output is also kept, so that a failing
# part's report (Playwright's errors and its list of what failed) is printed again at the very end:
# CI keeps only the tail of a run, and the screens part's report would otherwise be far above it.
reports="$(mktemp -d)"
screens=0 js=0 nojs=0
E2E_PART=screens npx playwright test 2>&1 | tee "$reports/screens" || screens=1
(E2E_PART=journeys E2E_SLOT=0 npx playwright test --project=js 2>&1 | tee "$reports/journeys-js") &
js_pid=$!
(E2E_PART=journeys E2E_SLOT=1 npx playwright test --project=nojs 2>&1 | tee "$reports/journeys-nojs") &
nojs_pid=$!
wait "$js_pid" || js=1
wait "$nojs_pid" || nojs=1
for part in screens:$screens journeys-js:$js journeys-nojs:$nojs; do
  name="${part%%:*}" failed="${part##*:}"
  report="$reports/$name"
  if grep -qE '^ +[0-9]+ (failed|flaky)$' "$report"; then
    # Playwright's report of what went wrong starts at its first numbered failure ("  1) [js] › …").
    echo "[test] what failed or was flaky in the $name part, again:"
    sed -n '/^  1) /,$p' "$report" | grep -v '^\[WebServer\]' | head -n 400
  elif [ "$failed" = 1 ]; then
    echo "[test] the $name part failed; the end of its output, again:"
    tail -n 60 "$report"
  fi
done
rm -rf "$reports"
[ "$screens$js$nojs" = 000 ]
