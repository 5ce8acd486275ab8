#!/usr/bin/env bash
# Makes this machine ready to run Shelfcast; safe to run again and again (it only acts on what is missing).
#   bash scripts/ensure-system.sh [--with-chromium]
# 1. ffmpeg + ffprobe (Debian package ffmpeg) and, with --with-chromium, /usr/bin/chromium (package chromium):
#    installed with apt-get when we are root, else a message says how, and we exit 1.
# 2. npm dependencies: `npm install` (not `npm ci`, see DESIGN.md) unless an install finished since the
#    package files last changed (a marker in node_modules, scripts/install-state.sh); a killed one is repaired.
# 3. The pinned Node: node_modules/.bin/node must be v24.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

with_chromium=0
for arg in "$@"; do
  case "$arg" in
    --with-chromium) with_chromium=1 ;;
    -h | --help)
      sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "ensure-system: unknown argument $arg" >&2
      exit 2
      ;;
  esac
done

say() { echo "ensure-system: $*"; }
fail() {
  echo "ensure-system: $*" >&2
  exit 1
}

have() { command -v "$1" >/dev/null 2>&1; }
# An explicit FFMPEG_PATH / FFPROBE_PATH (as the server reads them) counts as installed.
have_tool() {
  local override=$1 name=$2
  if [ -n "${!override:-}" ]; then [ -x "${!override}" ]; else have "$name"; fi
}

for var in FFMPEG_PATH FFPROBE_PATH; do
  if [ -n "${!var:-}" ] && [ ! -x "${!var}" ]; then fail "$var=${!var} is not an executable file"; fi
done
missing=()
have_tool FFMPEG_PATH ffmpeg && have_tool FFPROBE_PATH ffprobe || missing+=(ffmpeg)
if [ "$with_chromium" = 1 ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && have apt-get; then
    say "installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || fail "apt-get update failed"
    apt-get install -y -qq "${missing[@]}" </dev/null ||
      fail "apt-get install ${missing[*]} failed"
  else
    {
      echo "ensure-system: missing: ${missing[*]}."
      echo "  Install as root, e.g. on Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
      echo "  (macOS: brew install ffmpeg; elsewhere use your package manager. ffmpeg may also be given by"
      echo "   FFMPEG_PATH and FFPROBE_PATH; the browser tests need Chromium at /usr/bin/chromium.)"
    } >&2
    exit 1
  fi
  have_tool FFMPEG_PATH ffmpeg && have_tool FFPROBE_PATH ffprobe || fail "ffmpeg/ffprobe still not found after install"
  if [ "$with_chromium" = 1 ] && [ ! -x /usr/bin/chromium ]; then fail "/usr/bin/chromium still missing after install"; fi
fi

# npm dependencies: installed again until an install has finished (scripts/install-state.sh).
have npm || fail "npm not found: install Node.js (any version >= 20 with npm) first; the project pins its own Node 24"
# shellcheck source=install-state.sh
source scripts/install-state.sh
state=$(install_state .)
if [ "$state" != complete ]; then
  say "npm install (${state#install needed: })"
  # Any marker left says nothing now: it is written again only once this install has finished.
  rm -f "$INSTALL_MARKER"
  npm install --no-audit --no-fund </dev/null || fail "npm install failed"
  # A killed install can leave the `node` package unpacked without its binary: npm does not run the
  # install script of a package it finds in place, so run it again.
  if ! node_modules/.bin/node --version >/dev/null 2>&1; then
    say "npm rebuild node (its binary is missing)"
    npm rebuild node --no-audit --no-fund </dev/null || fail "npm rebuild node failed"
  fi
fi

# The pinned Node (the `node` devDependency) must be what npm scripts run.
pinned=node_modules/.bin/node
[ -x "$pinned" ] || fail "$pinned is missing: the 'node' devDependency did not install (its install script fetches the binary; check allowScripts in package.json and the network), then rerun"
version=$("$pinned" --version 2>/dev/null || true)
case "$version" in
  v24.*) ;;
  *) fail "$pinned --version says '${version:-nothing}', expected v24.x: run 'npm install' again (the 'node' devDependency pins Node 24)" ;;
esac
[ "$state" = complete ] || mark_install_complete .
