# node and npm for McpInspectorCliTest, which installs the MCP Inspector (pinned, from the npm
# registry) into target/mcp-inspector itself. Idempotent: nothing happens when both are on PATH.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi
