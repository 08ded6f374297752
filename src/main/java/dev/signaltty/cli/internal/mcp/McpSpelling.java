package dev.signaltty.cli.internal.mcp;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A daemon message in the words an MCP client calls with: each method an MCP tool wraps becomes the tool's name
 * ({@code decision.answer} → {@code decision_answer}, {@code pane.run command_number 2} → {@code run command_number
 * 2}), and the CLI command the daemon writes beside a method in parentheses ({@code (signaltty decision answer …)})
 * is left out, since a model over MCP has the tool, not the CLI. Dotted words no tool wraps ({@code out.txt},
 * {@code pane.clear}) stay as they are. The daemon writes for every client; the CLI translates its way (ADR 1442)
 * and this server its own (ADR 1483). Only the text a model reads is translated: the structured content stays the
 * daemon's {@code {code, message, details}}.
 */
final class McpSpelling {

    /** A dotted method name, and the CLI's spelling of it in parentheses right after, if the daemon wrote one. */
    private static final Pattern METHOD = Pattern.compile("\\b([a-z]+\\.[a-z_]+)\\b( \\(signaltty [^)]*\\))?");

    private static final Map<String, String> TOOL_OF = McpTools.TOOLS.stream()
            .collect(Collectors.toUnmodifiableMap(McpTools.Tool::method, McpTools.Tool::name, (a, b) -> a));

    private McpSpelling() {
    }

    static String of(String message) {
        Matcher m = METHOD.matcher(message);
        StringBuilder out = new StringBuilder(message.length());
        while (m.find()) {
            String tool = TOOL_OF.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(tool == null ? m.group() : tool));
        }
        m.appendTail(out);
        return out.toString();
    }
}
