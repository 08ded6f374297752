package dev.signaltty.cli;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.signaltty.support.DaemonFixture;

/**
 * A real {@code signaltty mcp} subprocess on a fixture's daemon, driven by the MCP Java SDK's client, for a test
 * class's tools calls: started at the first call (the daemon is up by then), closed after the class.
 */
final class McpSession implements AfterAllCallback {

    private final DaemonFixture daemon;
    private @Nullable McpSyncClient client;

    McpSession(DaemonFixture daemon) {
        this.daemon = daemon;
    }

    synchronized McpSyncClient client() {
        if (client == null) {
            client = McpServerTest.mcpClient(daemon.socket());
        }
        return client;
    }

    CallToolResult call(String tool, Map<String, Object> arguments) {
        return client().callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** The text a model reads: the result's first content. */
    static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().getFirst()).text();
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        if (client != null) {
            client.closeGracefully();
            client = null;
        }
    }
}
