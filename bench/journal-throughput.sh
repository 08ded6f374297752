#!/usr/bin/env bash
# Journaled events per second: signaltty's journal (group commit, sync before publish) against a
# naive one-fsync-per-event journal, in the same run on the same disk. Prints a markdown table.
# Usage: bench/journal-throughput.sh [seconds] [appenders...]   (default: 5 s; 1 16 64 256 appenders)
# Runs on a JDK >= 21 found like bin/signaltty finds one (bench/find-jdk.sh): a bare `java` may be an
# older default, and exec:exec would run whatever `java` the PATH has.
set -euo pipefail
cd "$(dirname "$0")/.."
MIN_JAVA=21
# shellcheck source=bench/find-jdk.sh
source bench/find-jdk.sh
JDK="$(find_java_home || true)"
[[ -n "$JDK" ]] || { echo "journal-throughput: no JDK >= $MIN_JAVA found" >&2; exit 1; }
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-test-classpath.txt >&2
exec "$JDK/bin/java" -cp "target/test-classes:target/classes:$(cat target/bench-test-classpath.txt)" -Dbench.dir=target \
  dev.signaltty.journal.internal.JournalBenchmark "$@"
