# shellcheck shell=bash
# Sourced by ensure-system.sh (and its test): whether the npm dependencies of a checkout are completely
# installed. ensure-system writes INSTALL_MARKER, holding the hash of the package files, only after an
# `npm install` that finished and left the pinned Node working; an install killed half way leaves no
# marker, so the next start installs again instead of failing on a missing node_modules/.bin/node.

INSTALL_MARKER=node_modules/.shelfcast-install-complete

# The hash of every file `npm install` reads: the lock file and each workspace's package.json.
package_files_hash() {
  local root=$1
  (
    cd "$root" || exit 1
    find . -maxdepth 3 \( -name node_modules -o -name .git -o -name data \) -prune -o \
      \( -name package.json -o -name package-lock.json \) -type f -print | LC_ALL=C sort | xargs sha256sum
  ) | sha256sum | cut -d' ' -f1
}

# Prints "complete", or "install needed: <why>", for the checkout at $1.
install_state() {
  local root=$1
  if [ ! -d "$root/node_modules" ]; then
    echo "install needed: node_modules is missing"
  elif [ ! -f "$root/$INSTALL_MARKER" ]; then
    echo "install needed: the last npm install did not finish"
  elif [ "$(cat "$root/$INSTALL_MARKER")" != "$(package_files_hash "$root")" ]; then
    echo "install needed: package.json or package-lock.json changed since the last install"
  else
    echo "complete"
  fi
}

# Records that the install of $1 is complete.
mark_install_complete() {
  package_files_hash "$1" >"$1/$INSTALL_MARKER"
}
