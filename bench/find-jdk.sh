# Sourced by bench/run and bench/jmh: find_java_home prints a JDK >= $MIN_JAVA the way bin/signaltty
# finds one (java on PATH, then $JAVA_HOME, then the newest JDK under the conventional roots).
MIN_JAVA="${MIN_JAVA:-21}"

jdk_major() {
  local line v=0
  if [[ -r "$1/release" ]]; then
    while IFS= read -r line; do
      if [[ "$line" == JAVA_VERSION=* ]]; then
        v="${line#JAVA_VERSION=\"}"; v="${v%%\"*}"; v="${v#1.}"; v="${v%%[.+-]*}"; break
      fi
    done < "$1/release"
  fi
  [[ "$v" =~ ^[0-9]+$ ]] && echo "$v" || echo 0
}

find_java_home() {
  local java home best="" best_v=0 v candidate
  if java="$(command -v java 2>/dev/null)"; then
    home="$(dirname "$(dirname "$(readlink -f "$java")")")"
    if (( $(jdk_major "$home") >= MIN_JAVA )); then echo "$home"; return; fi
  fi
  if [[ -n "${JAVA_HOME:-}" ]] && (( $(jdk_major "$JAVA_HOME") >= MIN_JAVA )); then echo "$JAVA_HOME"; return; fi
  for candidate in /usr/lib/jvm/* "$HOME"/.jdks/* /opt/* /opt/*/*; do
    [[ -x "$candidate/bin/java" ]] || continue
    v="$(jdk_major "$candidate")"
    if (( v >= MIN_JAVA && v > best_v )); then best="$candidate"; best_v=$v; fi
  done
  [[ -n "$best" ]] && echo "$best"
}

