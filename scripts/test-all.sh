#!/usr/bin/env bash
# Every test: type-check and lint; unit, API (PGlite), component and model-based tests; the model
# coverage report; browser tests in Chromium; the size budget; and the API tests again on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run check
npx vitest run
node scripts/model-coverage.mjs
npm run test:e2e
npm run budget
scripts/with-postgres.sh npx vitest run --project node tests/api
