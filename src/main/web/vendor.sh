#!/usr/bin/env bash
# Fetches the dashboard's browser libraries (xterm.js) from the npm registry with npm itself, pinned by
# package-lock.json, and copies the files the page loads into target/classes/web/vendor. Quick when
# nothing changed: npm runs again only when the lock file differs from the one last installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="$1"
work="$target/web-npm"
vendor="$target/classes/web/vendor"
mkdir -p "$work" "$vendor"
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || [ ! -d "$work/node_modules/@xterm/xterm" ]; then
  command -v npm >/dev/null || { echo "vendor.sh: npm is needed to fetch xterm.js (Debian package npm)" >&2; exit 1; }
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) # its summary ("added 2 packages") is stdout; errors stay on stderr
fi
cp "$work/node_modules/@xterm/xterm/lib/xterm.js" "$work/node_modules/@xterm/xterm/css/xterm.css" \
   "$work/node_modules/@xterm/addon-fit/lib/addon-fit.js" "$vendor/"
