#!/usr/bin/env bash
# Captures what real xterm shows for byte streams: for each case directory given (input.bin + size), writes
# <case>/xterm.screen (the screen as xterm prints it with MC 0, U+FFFF wide-character fillers removed,
# trailing blanks trimmed) and <case>/xterm.cursor (its answer to CPR after the stream, "ROW;COL").
# Needs xterm and Xvfb on PATH (Debian: apt-get install xterm xvfb); the results are checked in, so the
# tests do not need either. Usage: tools/xterm_screen.sh CASE_DIR...
set -euo pipefail
command -v xterm >/dev/null && command -v Xvfb >/dev/null || { echo "needs xterm and Xvfb" >&2; exit 1; }
work="$(mktemp -d)"
display=":$((RANDOM % 500 + 100))"
Xvfb "$display" -screen 0 1600x1200x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb"; rm -rf "$work"' EXIT
sleep 1
for dir in "$@"; do
  dir="$(cd "$dir" && pwd)"
  [[ -f "$dir/input.bin" ]] || continue
  size="$(tr -d '\n' < "$dir/size")"
  cat > "$work/inner.sh" <<IN
stty raw -echo
cat "$dir/input.bin"
IFS= read -r -t 0.5 -d '' answers # what the stream's own queries made xterm answer
printf '\033[6n'
IFS= read -r -d R reply
printf '%s' "\${reply#*[}" > "$work/cursor"
printf '\033[i'
sleep 0.3
IN
  rm -f "$work/print" "$work/cursor"
  LANG=C.UTF-8 xterm -display "$display" -u8 -geometry "$size" \
    -xrm "XTerm*printerCommand: cat > $work/print" -xrm 'XTerm*printAttributes: 0' \
    -xrm 'XTerm*printerFormFeed: false' -xrm 'XTerm*printerAutoClose: true' \
    -xrm 'XTerm*printerExtent: true' -e bash "$work/inner.sh" 2>/dev/null
  python3 - "$work/print" "$dir/xterm.screen" <<'PY'
import sys
lines = [l.rstrip(" ") for l in open(sys.argv[1], encoding="utf-8").read().replace("\uffff", "").split("\n")]
while lines and not lines[-1]:
    lines.pop()
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
  cp "$work/cursor" "$dir/xterm.cursor"
  echo "$(basename "$dir"): $(cat "$dir/xterm.cursor")"
done
