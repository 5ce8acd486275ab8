#!/usr/bin/env bash
# npm test: the whole suite. Runs every step even after a failure, then prints a breakdown and, as the last
# line, `N passed, N failed` (scripts/test-summary.ts). Exits non-zero when anything failed or no test ran.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

give_up() {
  echo "test: $*" >&2
  echo "0 passed, 1 failed"
  exit 1
}

bash scripts/ensure-system.sh --with-chromium || give_up "machine setup failed (scripts/ensure-system.sh)"
export PATH="$PWD/node_modules/.bin:$PATH"
version=$(node --version 2>/dev/null)
[[ "$version" == v24.* ]] || give_up "node --version is '${version:-missing}', expected v24 (the 'node' devDependency); run npm install"

reports=.test-reports
rm -rf "$reports"
mkdir -p "$reports"

steps=()
step() {
  local name=$1
  shift
  echo
  echo "=== $name: $*"
  local started=$SECONDS rc=0
  "$@" </dev/null || rc=$?
  echo "=== $name: exit $rc after $((SECONDS - started)) s"
  steps+=(--step "$name=$rc")
}

# Steps that each keep about one core busy, run side by side; their output is shown one after the other once all
# have ended, each with its own exit code and time.
steps_side_by_side() {
  local name pids=()
  for name in "$@"; do
    (
      started=$SECONDS rc=0
      npm run "$name" </dev/null >"$reports/$name.log" 2>&1 || rc=$?
      echo "$rc $((SECONDS - started))" >"$reports/$name.exit"
    ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for name in "$@"; do
    local rc=1 took=?
    [ -f "$reports/$name.exit" ] && read -r rc took <"$reports/$name.exit"
    echo
    echo "=== $name: npm run $name (side by side with: $*)"
    cat "$reports/$name.log"
    echo "=== $name: exit $rc after $took s"
    steps+=(--step "$name=$rc")
  done
}

steps_side_by_side lint typecheck format-check
step build npm run build
step vitest npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest.json"
if [ -f e2e/playwright.config.ts ]; then
  # --reporter replaces the config's reporters (an html reporter could wait for a key press); the JSON file's
  # place comes from the environment.
  step playwright env PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/$reports/playwright.json" \
    npx playwright test -c e2e/playwright.config.ts --reporter=list,json
else
  echo
  echo "=== playwright: skipped, e2e/playwright.config.ts does not exist yet"
  steps+=(--step playwright=skipped)
fi

echo
node scripts/test-summary.ts --reports "$reports" "${steps[@]}"
