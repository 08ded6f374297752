# The real-agent tests (src/test/java/dev/signaltty/agent/real) install the pinned Claude Code and
# Codex npm packages into target/real-agents with npm, and gemini-cli and opencode into
# target/real-agents/screen; node runs Codex's launcher and gemini-cli. Debian's packages.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi
