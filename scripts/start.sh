#!/usr/bin/env bash
# npm start: prepares the machine, builds the client when its sources changed, makes the demo library once,
# then runs the server (PORT 13378 by default; HOST, CONFIG_PATH, METADATA_PATH, DEMO_LIBRARY_PATH from the
# environment). SHELFCAST_NO_DEMO=1 skips the demo library.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/ensure-system.sh
export PATH="$PWD/node_modules/.bin:$PATH"

# Build the client unless apps/web/dist/index.html is newer than everything the build reads.
web=apps/web
build_inputs=()
for input in "$web/src" "$web/public" "$web/index.html" "$web"/vite.config.* "$web"/tsconfig*.json "$web/package.json" \
  packages/contracts/src packages/contracts/package.json package-lock.json; do
  if [ -e "$input" ]; then build_inputs+=("$input"); fi
done
if [ -f "$web/dist/index.html" ] && [ -z "$(find "${build_inputs[@]}" -newer "$web/dist/index.html" -print -quit)" ]; then
  echo "start: client build is up to date"
else
  npm run build
fi

if [ "${SHELFCAST_NO_DEMO:-}" = 1 ]; then
  unset DEMO_LIBRARY_PATH
else
  DEMO_LIBRARY_PATH=${DEMO_LIBRARY_PATH:-data/demo-library}
  case "$DEMO_LIBRARY_PATH" in /*) ;; *) DEMO_LIBRARY_PATH="$PWD/${DEMO_LIBRARY_PATH#./}" ;; esac
  export DEMO_LIBRARY_PATH
  node scripts/demo-library.ts --out "$DEMO_LIBRARY_PATH"
fi

# A 16 MB young generation: V8 otherwise grows it to its maximum during a library scan (tag parsing
# allocates fast) and keeps it, which alone costs ~70 MB of resident memory (bench/RESULTS.md).
exec node --max-semi-space-size=16 apps/server/src/main.ts
