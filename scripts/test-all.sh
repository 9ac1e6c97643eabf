#!/usr/bin/env bash
# Every test (docs/testing.md), in two rounds of two stages that run side by side on a 2-core machine:
#   1. type-check, lint and the build  ∥  unit, API (PGlite), component and model-based tests (the models'
#      paths against the real server), each project's files sharing their worker's modules (vitest.config.ts);
#   2. browser tests in Chromium and the byte budget  ∥  the API tests again, and the Apps CLI test, on
#      PostgreSQL (the fuzzer's 1 000 requests there: its 10 000 ran on PGlite; compile-parity not again);
# then the model coverage report (server- and UI-driven paths only). Each stage's output is printed whole when
# it ends, with its time. Ends with one line: "N passed, N failed, N skipped"; fails when any stage failed.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
logs=.tmp/test-logs
rm -rf "$results" "$logs" coverage/model && mkdir -p "$results" "$logs"
report() { echo "--reporter=default --reporter=json --outputFile=$results/$1.json"; }

declare -A pid started
failed=()
# A stage: a command run in the background, its output kept for when it ends.
stage() {
  local name=$1
  shift
  started[$name]=$(date +%s)
  # (bash's time: the CPU of every process the stage ran, to say how much of the two cores it kept busy)
  (
    TIMEFORMAT='%0U s user, %0S s system'
    { time "$@" >"$logs/$name.log" 2>&1; } 2>"$logs/$name.cpu"
  ) &
  pid[$name]=$!
}
# Waits for a stage, prints its output and time, and notes a failure.
finish() {
  local name=$1 rc=0
  wait "${pid[$name]}" || rc=$?
  echo "——— $name: $(($(date +%s) - started[$name])) s ($(tail -1 "$logs/$name.cpu" 2>/dev/null) of CPU), exit $rc ———"
  cat "$logs/$name.log"
  [ "$rc" -eq 0 ] || failed+=("$name")
}

browser() {
  npx vitest run --config vitest.e2e.config.ts $(report e2e) &&
    npm run budget
}

# The build joins the type-check and lint: that stage ends long before the unit tests, and the browser tests
# then start at once.
stage check bash -c 'npm run check && npx vite build --logLevel warn && npx vite build --ssr --logLevel warn'
# The Apps CLI's test runs once, in the PostgreSQL stage: its subject is the CLI's conversation, not the database.
stage unit npx vitest run --exclude 'tests/cli/**' $(report unit-api-model-dom)
finish check
finish unit

stage browser browser
# compile-parity's subject is the compiler, not the database: it runs once, on PGlite.
stage postgres env FUZZ_RUNS=1000 scripts/with-postgres.sh npx vitest run --project node tests/api tests/cli --exclude tests/api/compile-parity.test.ts $(report api-postgres)
finish browser
finish postgres

node scripts/model-coverage.mjs
summary=0
node scripts/test-summary.mjs || summary=$?
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}"
  exit 1
fi
exit $summary
