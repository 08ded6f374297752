#!/usr/bin/env bash
# Journaled events per second: signaltty's journal (group commit, sync before publish) against a
# naive one-fsync-per-event journal, in the same run on the same disk. Prints a markdown table.
# Usage: bench/journal-throughput.sh [seconds] [appenders...]   (default: 5 s; 1 16 64 256 appenders)
# Runs on the JDK the build's toolchain discovery selects (>= 21), like the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./mvnw -q -B test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
  -Dexec.args="-cp %classpath -Dbench.dir=target dev.signaltty.journal.internal.JournalBenchmark $*"
