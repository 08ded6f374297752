#!/bin/sh
# Records real programs into recorded-*/input.bin (bytes as the terminal received them, via script(1)
# on an 80x24 PTY). Run from src/test/resources/vt; needs vim, less, top, git. The recordings are
# committed; re-recording changes them (versions, dates), the differential test only needs tmux.
set -e
export TERM=xterm-256color
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
seq 1 200 | sed 's/^/text line number /' > "$tmp/file.txt"
rec() { mkdir -p "$1"; echo 80x24 > "$1/size"; }
rec recorded-vim
script -q -c "stty cols 80 rows 24; vim -u NONE -N -c 'syntax on' -c 'set number' -c redraw -c 'sleep 300m' -c 50 -c redraw -c 'sleep 200m' -c 'qa!' $tmp/file.txt" /dev/null < /dev/null > recorded-vim/input.bin
rec recorded-vim-active   # the same stream cut before vim leaves the alternate screen
python3 -c "import sys; d=open('recorded-vim/input.bin','rb').read(); open('recorded-vim-active/input.bin','wb').write(d[:d.rfind(b'\x1b[?1049l')])"
rec recorded-less
(sleep 0.6; printf ' '; sleep 0.3; printf 'b'; sleep 0.3; printf 'q'; sleep 0.3) | timeout 10 script -q -c "stty cols 80 rows 24; less $tmp/file.txt" /dev/null > recorded-less/input.bin
rec recorded-less-active
python3 -c "import sys; d=open('recorded-less/input.bin','rb').read(); open('recorded-less-active/input.bin','wb').write(d[:d.rfind(b'\x1b[?1049l')])"
rec recorded-top
sleep 1.5 | timeout 10 script -q -c "stty cols 80 rows 24; top -n 2 -d 0.3" /dev/null > recorded-top/input.bin
rec recorded-git-log
timeout 10 script -q -c "stty cols 80 rows 24; git -c color.ui=always log --graph --stat -n 5 | cat" /dev/null < /dev/null > recorded-git-log/input.bin
