#!/usr/bin/env bash
# Every test: type-check and lint; unit, API (PGlite), component and model-based tests (the models'
# paths against the real server); browser tests in Chromium; the model coverage report (server- and
# UI-driven paths only); the size budget; the API tests and the Apps CLI test again on PostgreSQL.
# Ends with one line: "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
rm -rf "$results" coverage/model && mkdir -p "$results"
report() { echo "--reporter=default --reporter=json --outputFile=$results/$1.json"; }
npm run check
npx vitest run $(report unit-api-model-dom)
npx vite build --logLevel warn
npx vitest run --config vitest.e2e.config.ts $(report e2e)
node scripts/model-coverage.mjs
npm run budget
scripts/with-postgres.sh npx vitest run --project node tests/api tests/cli $(report api-postgres)
node scripts/test-summary.mjs
