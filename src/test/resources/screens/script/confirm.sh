#!/bin/bash
# A plain program with no hooks: a prompt, work that lasts until the pane gets a line, and a question.
while IFS= read -r -p 'Ready> ' task; do
    echo "Working on $task..."
    IFS= read -r -s _
    IFS= read -r -p 'Continue? [y/N] ' answer
    echo "Working on $task ($answer)..."
    IFS= read -r -s _
done
