package dev.signaltty.cli.internal.mcp;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.Daemon;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.transport.Suggest;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code signaltty mcp}: a Model Context Protocol server on stdio (the official Java SDK, no Spring)
 * that forwards every tool call as one signaltty/1 request over the daemon's socket, on a connection of
 * its own (waits are single-flight per connection), and answers with the method's result as
 * structured content and JSON text. A signaltty error becomes an MCP tool error whose text starts
 * with the code and whose structured content is {@code {code, message, details}} (ADR 0181). Pane
 * screens are resources: {@code signaltty://pane/{pane_id}/screen} and {@code …/tail}. One tool is not one
 * method: {@code fleet}, the tree of {@code signaltty ls --json} (FleetTool). stdout is
 * the MCP channel; anything for people goes to stderr.
 */
public final class SignalttyMcpServer {

    static final String SCREEN = "signaltty://pane/{pane_id}/screen";
    static final String TAIL = "signaltty://pane/{pane_id}/tail";
    private static final Pattern PANE_URI = Pattern.compile("signaltty://pane/([^/]+)/(screen|tail)");

    private final Daemon daemon;
    private final PrintStream err;
    private final McpStdio stdio;

    public SignalttyMcpServer(Daemon daemon, PrintStream err) {
        this.daemon = daemon;
        this.err = err;
        this.stdio = new McpStdio(err);
    }

    /** Serves until stdin ends; returns the exit status. */
    public int run(InputStream stdin, java.io.OutputStream stdout, String version) {
        Map<String, Map<?, ?>> params;
        try {
            params = methodParams();
        } catch (CliException e) {
            err.println("signaltty mcp: " + e.code() + ": " + e.getMessage());
            return 1;
        }
        McpJsonMapper mapper = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        List<SyncToolSpecification> tools = new ArrayList<>();
        tools.add(SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name(FleetTool.NAME).description(FleetTool.DESCRIPTION)
                        .inputSchema(FleetTool.inputSchema()).outputSchema(FleetTool.outputSchema()).build())
                .callHandler((exchange, request) -> {
                    CallToolResult refused = unknownArgument(FleetTool.NAME, List.of("workspace_id", CompactResults.FULL),
                            request.arguments());
                    return refused != null ? refused : fleet(request.arguments());
                })
                .build());
        for (McpTools.Tool tool : McpTools.TOOLS) {
            Map<?, ?> p = params.get(tool.method());
            if (p == null) {
                err.println("signaltty mcp: the daemon does not serve " + tool.method() + "; tool " + tool.name() + " left out");
                continue;
            }
            List<String> names = new ArrayList<>(p.keySet().stream().map(String::valueOf).toList());
            Map<String, Object> inputSchema = McpTools.inputSchema(p);
            if (CompactResults.compacts(tool.name())) {
                names.add(CompactResults.FULL);
                inputSchema = withFull(inputSchema);
            }
            tools.add(SyncToolSpecification.builder()
                    .tool(McpSchema.Tool.builder().name(tool.name()).description(tool.description())
                            .inputSchema(inputSchema).build())
                    .callHandler((exchange, request) -> {
                        CallToolResult refused = unknownArgument(tool.name(), names, request.arguments());
                        return refused != null ? refused : call(tool, request.arguments());
                    })
                    .build());
        }
        stdio.tools(tools.stream().map(t -> t.tool().name()).toList());
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(mapper, stdio.input(stdin), stdio.output(stdout)))
                .serverInfo("signaltty", version)
                .instructions("signaltty owns real terminals. Start with fleet (every workspace, tab and pane with "
                        + "its agent's state and what needs you) or workspace_list/pane_list; use run for "
                        + "shell commands (exact output and exit status), read/wait_for_output for programs and agents.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
                // the daemon checks the params itself, and its refusal names the field (BAD_PARAMS, details.field);
                // the SDK's schema check answered "Tool (read) input validation failed: …" without a code
                .validateToolInputs(false)
                .tools(tools)
                .resourceTemplates(template(SCREEN, "pane screen", "What a pane shows now (no scrollback)."),
                        template(TAIL, "pane tail", "The last 200 lines of a pane's scrollback and screen."))
                .resources(new SyncResourceSpecification(McpSchema.Resource.builder().uri("signaltty://panes")
                        .name("panes").mimeType("application/json").description("Every pane (pane.list).").build(),
                        (exchange, request) -> text(request.uri(), "application/json",
                                Json.write(forward("pane.list", Map.of())))))
                .build();
        try {
            stdio.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.closeGracefully();
        return 0;
    }

    private SyncResourceTemplateSpecification template(String uri, String name, String description) {
        return new SyncResourceTemplateSpecification(
                McpSchema.ResourceTemplate.builder().uriTemplate(uri).name(name).description(description)
                        .mimeType("text/plain").build(),
                (exchange, request) -> {
                    Matcher m = PANE_URI.matcher(request.uri());
                    if (!m.matches()) {
                        throw new IllegalArgumentException("not a pane resource: " + request.uri());
                    }
                    Object result = forward("pane.read", Map.of("pane_id", m.group(1), "mode", m.group(2)));
                    return text(request.uri(), "text/plain", String.valueOf(((Map<?, ?>) result).get("text")));
                });
    }

    private static ReadResourceResult text(String uri, String mime, String text) {
        return new ReadResourceResult(List.of(new TextResourceContents(uri, mime, text)));
    }

    /**
     * One tool call: the method's result (compacted unless {@code full: true} asked for the whole record, see
     * {@link CompactResults}), or its error as an MCP tool error.
     */
    @SuppressWarnings("unchecked")
    CallToolResult call(McpTools.Tool tool, @Nullable Map<String, Object> arguments) {
        Map<String, Object> params = arguments == null ? new LinkedHashMap<>() : new LinkedHashMap<>(arguments);
        Object full = params.remove(CompactResults.FULL);
        CallToolResult refused = fullRefused(full);
        if (refused != null) {
            return refused;
        }
        McpTools.DEFAULTS.getOrDefault(tool.name(), Map.of()).forEach(params::putIfAbsent);
        Client.Response response;
        stdio.callStarted();
        try (Client client = daemon.connect(false, err)) {
            response = client.call(tool.method(), params);
        } catch (CliException e) {
            return error(e.code(), e.getMessage(), e.details());
        } finally {
            stdio.callEnded();
        }
        if (!response.ok()) {
            return error(response.code(), response.message(), response.details());
        }
        Object result = response.result();
        if (result instanceof Map<?, ?> record && !Boolean.TRUE.equals(full)) {
            result = CompactResults.compact(tool.name(), (Map<String, Object>) record);
        }
        CallToolResult.Builder ok = CallToolResult.builder().addTextContent(Json.write(result)).isError(false);
        if (result instanceof Map<?, ?>) {
            ok.structuredContent(result);
        }
        return ok.build();
    }

    /**
     * An argument the tool's method does not take, as BAD_PARAMS naming it, the parameter meant and the tool's
     * parameters; null when every argument is one. The socket ignores unknown fields (the seed's forward
     * compatibility), so {@code read} with {@code mdoe: "screen"} answered with the tail and no word of the typo;
     * a CLI user gets "unknown option" for the same slip, an agent now gets this.
     */
    static @Nullable CallToolResult unknownArgument(String tool, List<String> names, @Nullable Map<String, Object> arguments) {
        if (arguments == null) {
            return null;
        }
        for (String key : arguments.keySet()) {
            if (!names.contains(key)) {
                String meant = Suggest.closest(key, names);
                return error("BAD_PARAMS", key + ": not a parameter of " + tool
                        + (meant == null ? "" : " (did you mean '" + meant + "'?)") + "; its parameters: "
                        + (names.isEmpty() ? "none" : String.join(", ", names)), Map.of("field", key));
            }
        }
        return null;
    }

    /** {@code full} as given: absent or a boolean, else BAD_PARAMS naming it. */
    private static @Nullable CallToolResult fullRefused(@Nullable Object full) {
        return full == null || full instanceof Boolean ? null : error("BAD_PARAMS", CompactResults.FULL
                + ": expected a boolean (true for the whole record), got " + Json.write(full), Map.of("field", CompactResults.FULL));
    }

    /** {@code schema} with the {@code full} argument of a tool whose answer is compact by default. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withFull(Map<String, Object> schema) {
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) schema.get("properties"));
        properties.put(CompactResults.FULL, Map.of("type", "boolean", "description", CompactResults.FULL_DESCRIPTION));
        Map<String, Object> out = new LinkedHashMap<>(schema);
        out.put("properties", properties);
        return out;
    }

    /** The fleet tool: ls --json's tree (compact unless {@code full: true}) as structured content and JSON text, or the daemon's error. */
    CallToolResult fleet(@Nullable Map<String, Object> arguments) {
        Object full = arguments == null ? null : arguments.get(CompactResults.FULL);
        CallToolResult refused = fullRefused(full);
        if (refused != null) {
            return refused;
        }
        Map<String, Object> tree;
        stdio.callStarted();
        try (Client client = daemon.connect(false, err)) {
            tree = FleetTool.load(client, arguments).toJson();
            if (!Boolean.TRUE.equals(full)) {
                tree = CompactResults.fleet(tree);
            }
        } catch (CliException e) {
            return error(e.code(), e.getMessage(), e.details());
        } finally {
            stdio.callEnded();
        }
        return CallToolResult.builder().addTextContent(Json.write(tree)).structuredContent(tree).isError(false).build();
    }

    private static CallToolResult error(String code, String message, Map<String, Object> details) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("details", details == null ? Map.of() : details);
        return CallToolResult.builder().addTextContent(code + ": " + McpSpelling.of(message) + untold(message, details))
                .structuredContent(body).isError(true).build();
    }

    /**
     * The details an error's message does not already say, as {@code " (details: {…})"}, else "". A client that
     * gives its model only the text (not the structured content) otherwise lost what to act on: MERGE_CONFLICT's
     * files, PANES_ALIVE's pane_ids, a timed-out run's command_number (ADR 1460). A string detail the message shows
     * ({@code field}, the pane or task id) is left out, so most errors read as before.
     */
    private static String untold(String message, @Nullable Map<String, Object> details) {
        if (details == null) {
            return "";
        }
        Map<String, Object> untold = new LinkedHashMap<>();
        // a string is said when the message contains it; a number or a flag is not looked for (a digit is anywhere)
        details.forEach((key, value) -> {
            if (!(value instanceof String text && message.contains(text))) {
                untold.put(key, value);
            }
        });
        return untold.isEmpty() ? "" : " (details: " + Json.write(untold) + ")";
    }

    private Object forward(String method, Map<String, Object> params) {
        stdio.callStarted();
        try (Client client = daemon.connect(false, err)) {
            return client.call(method, params).orThrow();
        } finally {
            stdio.callEnded();
        }
    }

    /** Each method's params from the daemon's live schema, by method name. */
    private Map<String, Map<?, ?>> methodParams() {
        Object schema = forward("schema", Map.of());
        Map<String, Map<?, ?>> out = new LinkedHashMap<>();
        for (Object m : (List<?>) ((Map<?, ?>) schema).get("methods")) {
            Map<?, ?> method = (Map<?, ?>) m;
            out.put((String) method.get("name"), method.get("params") instanceof Map<?, ?> p ? p : Map.of());
        }
        return out;
    }
}
