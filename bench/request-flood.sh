#!/usr/bin/env bash
# Issue 23's memory attack, measured: N connections (default 150) each send 16 MiB - 100 bytes without a
# newline to a real daemon JVM; prints its RSS before/peak/after and whether it still answers.
# Usage: bench/request-flood.sh [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./mvnw -q -B test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
  -Dexec.args="-cp %classpath dev.signaltty.hardening.RequestFloodBench $*"
