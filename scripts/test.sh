#!/usr/bin/env bash
# `npm test`: types, unit and component tests, API and realtime tests (in-memory PGlite and bus),
# then the e2e journeys in Chromium against a production build. Results land in test-results/.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json
status=0

step() { echo; echo "── $1"; }

step "installing what the tests need"
[ -d node_modules ] || npm install --no-audit --no-fund || exit 1
bash scripts/ensure-chromium.sh || exit 1
# Without them the tests that need them are skipped (and counted), so a machine without root still runs the
# rest; under CI a missing one fails those tests (tests/support/needs-tool.ts).
bash scripts/ensure-ffmpeg.sh || echo "ffmpeg could not be installed: the recording and transcoding tests will be skipped"
bash scripts/ensure-redis.sh || echo "redis-server could not be installed: the Redis fault test will be skipped"
bash scripts/ensure-nginx.sh || echo "nginx could not be installed: the cluster journey will be skipped"
bash scripts/ensure-nginx-rtmp.sh || echo "nginx's RTMP module could not be installed: the external media journey will be skipped"

# The static checks count as tests in the summary: test-results/checks.json, in jest's shape.
checks_passed=0; checks_failed=0
check() {
  local name=$1; shift
  step "$name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); status=1; echo "✗ $name failed"; fi
}
check "type check" npx tsc --noEmit
check "lint (ESLint, zero warnings)" npm run --silent lint
check "boundaries (dependency-cruiser: layers, no cycles, no server code in the browser)" npm run --silent check:architecture
check "unused files, exports and dependencies (knip)" npx knip
echo "{\"numPassedTests\": $checks_passed, \"numFailedTests\": $checks_failed, \"numRuntimeErrorTestSuites\": 0, \"numPendingTests\": 0, \"numTodoTests\": 0}" > test-results/checks.json

step "unit and component tests"
npx jest --selectProjects unit --json --outputFile=test-results/unit.json || status=1

step "API and realtime tests (PGlite, in-memory bus)"
# --forceExit: a handle some suite leaves open (pages-list-live) would keep jest alive after its results are written.
node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects api --forceExit --json --outputFile=test-results/api.json || status=1

step "end-to-end journeys (Chromium)"
if node --import tsx scripts/start.ts --build-only; then
  npx playwright test || status=1
else
  echo "the production build failed: the e2e journeys cannot run"; status=1
fi

node scripts/test-summary.mjs test-results/checks.json test-results/unit.json test-results/api.json test-results/e2e.json
exit $status
