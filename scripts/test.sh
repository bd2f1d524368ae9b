#!/usr/bin/env bash
# `npm test`: types, unit and component tests, API and realtime tests (in-memory PGlite and bus),
# then the e2e journeys in Chromium against a production build. Results land in test-results/.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -rf test-results/*.json test-results/postgres
status=0
# The e2e run ends with its results written before this deadline (playwright.config.ts); .ci/run sets its own.
export E2E_DEADLINE_EPOCH_MS=${E2E_DEADLINE_EPOCH_MS:-$(( ($(date +%s) + 41 * 60) * 1000 ))}

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

# Two lanes side by side: the checks, and the unit tests, the build, then the e2e journeys in two workers against two
# servers (mostly waiting on video and timers). The API and realtime suites are a queue of shards (jest --shard) that
# each lane takes from when its own work is done, so neither lane idles while the other still has a suite to run:
# first on PGlite with the in-memory bus, then, with POSTGRES_PASS_DATABASE_URL (and POSTGRES_PASS_REDIS_URL) set as
# .ci/run does, a second time against that Postgres and Redis. The machine's 2 cores are the limit: every suite
# here is CPU-bound, so this order keeps both busy to the end rather than making any one suite faster.
api_shards=3
api_queue=()
for shard in $(seq $api_shards); do api_queue+=("pglite $shard"); done
if [ -n "${POSTGRES_PASS_DATABASE_URL:-}" ]; then for shard in $(seq $api_shards); do api_queue+=("postgres $shard"); done; fi
mkdir -p test-results/claims test-results/postgres
rm -rf test-results/claims/*
# Every result file this run must write, named before any runs (.ci/run reads the list too), so that a suite the
# limit killed counts as failed.
{
  printf '%s\n' test-results/checks.json test-results/unit.json test-results/e2e.json
  for item in "${api_queue[@]}"; do
    read -r database shard <<< "$item"
    if [ "$database" = postgres ]; then echo "test-results/postgres/api-postgres-$shard.json"; else echo "test-results/api-$shard.json"; fi
  done
} > test-results/expected.txt

# One shard of the API and realtime suites: its log in a file, its verdicts here (the whole of it would bury the other
# lane's lines), and a failure's details, which those lines do not show.
api_shard() {
  local database=$1 shard=$2 status=0 result log
  if [ "$database" = postgres ]; then
    step "API and realtime tests, part $shard of $api_shards (Postgres, Redis)"
    result=test-results/postgres/api-postgres-$shard.json
    # The fuzzers draw half as many inputs per route here as on PGlite, and other ones (FUZZ_SEED): every route is
    # still fuzzed on Postgres, and the two passes together cover more inputs than either.
    set -- env FUZZ_RUNS="${FUZZ_RUNS:-30}" FUZZ_SEED="${FUZZ_SEED:-1000}" TEST_DATABASE_URL="$POSTGRES_PASS_DATABASE_URL" TEST_REDIS_URL="${POSTGRES_PASS_REDIS_URL:-}"
  else
    step "API and realtime tests, part $shard of $api_shards (PGlite, in-memory bus)"
    result=test-results/api-$shard.json
    set -- env
  fi
  log=${result%.json}.log
  # --forceExit: a handle some suite leaves open (pages-list-live) would keep jest alive after its results are written.
  "$@" timeout --kill-after=30 1200 node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects api --forceExit \
    --shard="$shard/$api_shards" --json --outputFile="$result" > "$log" 2>&1 || status=1
  grep -E '^(PASS|FAIL|Tests:|Test Suites:|Time:)' "$log"
  if grep -q '^FAIL' "$log"; then grep -A 40 '●' "$log" | head -n 200; fi
  return $status
}

# Takes the shards nobody has taken yet, in order (mkdir claims one for one lane).
api_from_queue() {
  local status=0 item
  for item in "${api_queue[@]}"; do
    mkdir "test-results/claims/${item// /-}" 2>/dev/null || continue
    api_shard $item || status=1
  done
  return $status
}

# The static checks count as tests in the summary: test-results/checks.json, in jest's shape.
checks_and_api() {
  local status=0 checks_passed=0 checks_failed=0
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
  api_from_queue || status=1
  return $status
}

unit_and_e2e() {
  local status=0
  step "unit and component tests"
  npx jest --selectProjects unit --json --outputFile=test-results/unit.json || status=1

  step "end-to-end journeys (Chromium)"
  if node --import tsx scripts/start.ts --build-only; then
    E2E_SERVERS=2 npx playwright test || status=1
  else
    echo "the production build failed: the e2e journeys cannot run"; status=1
  fi
  api_from_queue || status=1
  return $status
}

# Each lane's lines carry its name, so the interleaved log still reads.
checks_and_api > >(sed -u 's/^/[checks, api] /') 2>&1 &
api_lane=$!
unit_and_e2e > >(sed -u 's/^/[unit, e2e] /') 2>&1 &
e2e_lane=$!
wait $api_lane || status=1
wait $e2e_lane || status=1
sleep 1 # the prefixing sed flushes the lanes' last lines

mapfile -t results < test-results/expected.txt
node scripts/test-summary.mjs "${results[@]}"
exit $status
