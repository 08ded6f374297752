#!/bin/bash
# Replays hand-recorded screens of a program in a real pane: each argument is a file shown on a
# cleared screen, and each line the pane reads shows the next one. Installed under the program's
# name (aider, gemini, opencode) so the daemon picks that program's manifest by argv[0].
stty -echo
for screen in "$@"; do
    printf '\033[H\033[2J'
    cat "$screen"
    IFS= read -r _ || exit 0
done
exec sleep 600
