package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code signaltty mcp} as a real subprocess on stdio, driven by the MCP Java SDK's own client, against
 * a real daemon: every tool is one signaltty/1 method; errors are MCP tool errors with the code.
 */
class McpServerTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("mcp");

    static McpSyncClient client;

    /** The subprocess command line and environment that start {@code signaltty mcp} on the fixture's daemon. */
    static ServerParameters mcpCommand(Path socket) {
        List<String> command = CliHarness.javaCommand("mcp");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        env.put("SIGNALTTY_SOCKET", socket.toString());
        return ServerParameters.builder(command.getFirst()).args(command.subList(1, command.size())).env(env).build();
    }

    @BeforeAll
    static void connect() {
        client = mcpClient(daemon.socket());
    }

    /** An MCP client of {@code signaltty mcp} against the daemon at {@code socket}, initialized. */
    static McpSyncClient mcpClient(Path socket) {
        StdioClientTransport transport = new StdioClientTransport(mcpCommand(socket),
                new JacksonMcpJsonMapper(JsonMapper.builder().build()));
        McpSyncClient mcp = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(60)).build();
        mcp.initialize();
        return mcp;
    }

    @AfterAll
    static void close() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    static CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    @Test
    @SuppressWarnings("unchecked")
    void listsOneToolPerMethodWithTheMethodsParamsAsItsSchema() {
        List<McpSchema.Tool> tools = client.listTools().tools();
        assertThat(tools).extracting(McpSchema.Tool::name).contains("spawn", "read", "wait_for_output", "run",
                "submit", "wait", "attention", "decision_list", "decision_answer", "task_start", "task_wait",
                "task_diff", "task_finish", "search", "write", "close", "task_list", "task_get", "task_cancel", "notify");
        McpSchema.Tool run = tools.stream().filter(t -> t.name().equals("run")).findFirst().orElseThrow();
        assertThat((Map<String, Object>) run.inputSchema().get("properties")).containsKeys("pane_id", "command",
                "command_number", "timeout_s");
        // command, or command_number to wait for one already started (ADR 1480): the daemon refuses neither
        assertThat((List<String>) run.inputSchema().get("required")).containsExactly("pane_id");
        // one state or a nonempty array of them (ADR 0341), as JSON Schema
        McpSchema.Tool wait = tools.stream().filter(t -> t.name().equals("wait")).findFirst().orElseThrow();
        Map<String, Object> until = (Map<String, Object>) ((Map<String, Object>) wait.inputSchema().get("properties"))
                .get("until");
        List<Map<String, Object>> anyOf = (List<Map<String, Object>>) until.get("anyOf");
        assertThat(anyOf.get(0)).containsEntry("type", "string");
        assertThat((List<String>) anyOf.get(0).get("enum")).contains("idle", "done", "seen", "attention_cleared");
        assertThat(anyOf.get(1)).containsEntry("type", "array").containsEntry("minItems", 1);
    }

    /**
     * A guessed tool name (the socket method's {@code pane_read} for the tool {@code read}) is answered with an
     * Invalid Params error that names it, the tool meant and every tool: the SDK's own answer was "Unknown tool:
     * invalid_tool_name", which named neither. The server still serves afterwards.
     */
    @Test
    void aToolItDoesNotHaveIsNamedWithTheToolMeantAndEveryTool() {
        assertThatThrownBy(() -> call("pane_read", Map.of("pane_id", "nope")))
                .isInstanceOf(McpError.class)
                .hasMessageContaining("Unknown tool: 'pane_read' (did you mean 'read'?); tools: fleet, workspace_list, ")
                .hasMessageContaining(", task_start, ");
        assertThatThrownBy(() -> call("task_strat", Map.of()))
                .isInstanceOf(McpError.class).hasMessageContaining("Unknown tool: 'task_strat' (did you mean 'task_start'?)");
        assertThatThrownBy(() -> call("xyzzy", Map.of()))
                .isInstanceOf(McpError.class).hasMessageContaining("Unknown tool: 'xyzzy'; tools: fleet, ");
        CallToolResult read = call("read", Map.of("pane_id", "nope"));
        assertThat(structured(read)).containsEntry("code", "NO_SUCH_PANE");
    }

    /**
     * The socket ignores a field it does not know (the seed's forward compatibility), so {@code read} with a typo,
     * {@code mdoe: "screen"}, answered with the tail and no word of it. A tool's arguments are its method's params,
     * known here from the live schema: another is a BAD_PARAMS tool error naming it and the parameter meant.
     */
    @Test
    void anArgumentTheToolDoesNotTakeIsRefusedWithTheOneMeant() {
        CallToolResult typo = call("read", Map.of("pane_id", "nope", "mdoe", "screen"));
        assertThat(typo.isError()).isTrue();
        assertThat(structured(typo)).containsEntry("code", "BAD_PARAMS").containsEntry("details", Map.of("field", "mdoe"));
        assertThat(((McpSchema.TextContent) typo.content().getFirst()).text())
                .startsWith("BAD_PARAMS: mdoe: not a parameter of read (did you mean 'mode'?); its parameters: ")
                .contains("pane_id").contains("strip_ansi");
        CallToolResult fleet = call("fleet", Map.of("workspace", "x"));
        assertThat(((McpSchema.TextContent) fleet.content().getFirst()).text()).isEqualTo(
                "BAD_PARAMS: workspace: not a parameter of fleet (did you mean 'workspace_id'?); its parameters: workspace_id, full");
        CallToolResult right = call("read", Map.of("pane_id", "nope", "mode", "screen"));
        assertThat(structured(right)).containsEntry("code", "NO_SUCH_PANE"); // the daemon's own answer again
    }

    /**
     * One call for the overview an orchestrating agent needs: the tree of {@code signaltty ls --json}, as
     * structured content the SDK checked against the tool's output schema; one workspace by id or handle; the
     * daemon's NO_SUCH_WORKSPACE for an unknown one.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theFleetToolGivesEveryWorkspaceTabAndPaneInOneCall() throws Exception {
        McpSchema.Tool tool = client.listTools().tools().stream().filter(t -> t.name().equals("fleet")).findFirst()
                .orElseThrow();
        assertThat((Map<String, Object>) tool.inputSchema().get("properties")).containsOnlyKeys("workspace_id", "full");
        assertThat(tool.outputSchema()).containsEntry("required", List.of("workspaces"));
        CallToolResult spawned = call("spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sh", "-c", "exit 4")));
        assertThat(spawned.isError()).as(spawned.toString()).isFalse();
        String exited = (String) structured(spawned).get("pane_id");
        daemon.awaitExited(exited, Duration.ofSeconds(60));
        String other = (String) structured(call("workspace_create", Map.of("name", "mcp-other", "cwd",
                daemon.root().toString()))).get("workspace_id");

        CallToolResult all = call("fleet", Map.of());
        assertThat(all.isError()).as(all.toString()).isFalse();
        List<Map<String, Object>> workspaces = (List<Map<String, Object>>) structured(all).get("workspaces");
        assertThat(workspaces).extracting(w -> w.get("workspace_id")).contains(daemon.workspace(), other);
        Map<String, Object> pane = workspaces.stream().filter(w -> w.get("workspace_id").equals(daemon.workspace()))
                .flatMap(w -> ((List<Map<String, Object>>) w.get("tabs")).stream())
                .flatMap(t -> ((List<Map<String, Object>>) t.get("panes")).stream())
                .filter(p -> p.get("pane_id").equals(exited)).findFirst().orElseThrow();
        assertThat(pane).containsEntry("status", "exited").containsEntry("argv", List.of("sh", "-c", "exit 4"))
                .containsEntry("lifecycle", "exited").doesNotContainKeys("attention", "focused"); // none, and the person's view (ADR 1230)
        assertThat(((Number) pane.get("exit_code")).intValue()).isEqualTo(4);
        // the text is the same tree, for a client that reads only text
        assertThat(((McpSchema.TextContent) all.content().getFirst()).text()).contains("\"pane_id\":\"" + exited + "\"");

        CallToolResult one = call("fleet", Map.of("workspace_id", "mcp-other"));
        assertThat(one.isError()).as(one.toString()).isFalse();
        assertThat((List<Map<String, Object>>) structured(one).get("workspaces")).singleElement()
                .satisfies(w -> assertThat(w).containsEntry("workspace_id", other).containsEntry("tabs", List.of()));

        CallToolResult unknown = call("fleet", Map.of("workspace_id", "no-such-ws")); // seed R309
        assertThat(unknown.isError()).isTrue();
        assertThat(structured(unknown)).containsEntry("code", "NO_SUCH_WORKSPACE");
        assertThat(((McpSchema.TextContent) unknown.content().getFirst()).text())
                .isEqualTo("NO_SUCH_WORKSPACE: no workspace no-such-ws");
        call("pane_list", Map.of()); // the server still serves after an error
        daemon.client().call("workspace.close", Map.of("workspace_id", other));
    }

    @Test
    void spawnsAShellRunsACommandAndReadsItsScreenAsAResource() {
        CallToolResult spawned = call("spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("bash")));
        assertThat(spawned.isError()).as(spawned.toString()).isFalse();
        String pane = (String) structured(spawned).get("pane_id");

        CallToolResult ran = call("run", Map.of("pane_id", pane, "command", "echo MCP-$((6*7)); (exit 5)", "timeout_s", 60));
        assertThat(ran.isError()).as(ran.toString()).isFalse();
        assertThat(structured(ran)).containsEntry("output", "MCP-42");
        assertThat(((Number) structured(ran).get("exit_status")).intValue()).isEqualTo(5);

        McpSchema.ReadResourceResult screen = client.readResource(
                new McpSchema.ReadResourceRequest("signaltty://pane/" + pane + "/screen"));
        assertThat(((McpSchema.TextResourceContents) screen.contents().getFirst()).text()).contains("MCP-42");
        assertThat(client.listResourceTemplates().resourceTemplates())
                .extracting(McpSchema.ResourceTemplate::uriTemplate).contains("signaltty://pane/{pane_id}/screen");
    }

    /**
     * run answers the last 200 lines of a long output, as read does, with the exit status and truncated: true; lines
     * asks for more (ADR 1461): the CLI's default of 5000 lines could be past what a model's client accepts.
     */
    @Test
    void runAnswersTheLastLinesOfALongOutputUnlessAskedForMore() {
        String pane = (String) structured(call("spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                List.of("bash")))).get("pane_id");

        CallToolResult ran = call("run", Map.of("pane_id", pane, "command", "seq 1 1000; (exit 3)", "timeout_s", 60));
        assertThat(ran.isError()).as(ran.toString()).isFalse();
        String output = (String) structured(ran).get("output");
        assertThat(output.split("\n")).hasSize(200);
        assertThat(output).startsWith("801\n").endsWith("\n1000");
        assertThat(structured(ran)).containsEntry("truncated", true);
        assertThat(((Number) structured(ran).get("exit_status")).intValue()).isEqualTo(3);

        CallToolResult all = call("run", Map.of("pane_id", pane, "command", "seq 1 1000", "lines", 5000, "timeout_s", 60));
        assertThat(((String) structured(all).get("output")).split("\n")).hasSize(1000);
        assertThat(structured(all)).containsEntry("truncated", false);
        call("close", Map.of("pane_id", pane));
    }

    /**
     * A run that timed out, as a model meets it (ADR 1480): the error's text says how to wait for the command by its
     * number in the tools' words, read mode last_command answers that command as running with its output so far
     * (not the previous command's output), and run with command_number answers its output and status once it ends.
     */
    @Test
    void aRunThatTimedOutIsReadAsRunningAndWaitedForByItsNumber() throws Exception {
        String pane = (String) structured(call("spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                List.of("bash")))).get("pane_id");
        call("run", Map.of("pane_id", pane, "command", "echo first", "timeout_s", 60));
        Path gate = daemon.root().resolve("gate-" + pane);
        CallToolResult timedOut = call("run", Map.of("pane_id", pane, "command", "echo started; while [ ! -e '" + gate
                + "' ]; do sleep 0.05; done; echo ended", "timeout_s", 0.5));
        assertThat(timedOut.isError()).as(timedOut.toString()).isTrue();
        assertThat(((McpSchema.TextContent) timedOut.content().getFirst()).text()).startsWith("TIMEOUT: command 2 ")
                .contains("run command_number 2 waits for its end, read mode last_command shows its output so far")
                .doesNotContain("pane.run");

        ProtocolClient.eventually(Duration.ofSeconds(30), () -> "started".equals(structured(call("read",
                Map.of("pane_id", pane, "mode", "last_command"))).get("text")));
        Map<String, Object> running = structured(call("read", Map.of("pane_id", pane, "mode", "last_command")));
        assertThat(running).containsEntry("running", true).doesNotContainKey("exit_status");
        assertThat(((Number) running.get("command_number")).intValue()).isEqualTo(2);

        java.nio.file.Files.createFile(gate);
        CallToolResult ended = call("run", Map.of("pane_id", pane, "command_number", 2, "timeout_s", 60));
        assertThat(ended.isError()).as(ended.toString()).isFalse();
        assertThat(structured(ended)).containsEntry("output", "started\nended");
        assertThat(((Number) structured(ended).get("exit_status")).intValue()).isZero();
        call("close", Map.of("pane_id", pane));
    }

    /**
     * What an orchestrating agent needs besides submit and run: a key to interrupt a runaway program, closing a pane,
     * its tasks listed, read and cancelled, and a word to the person.
     */
    @Test
    void interruptsWithAKeyClosesAPaneListsTasksAndTellsThePerson() {
        String pane = (String) structured(call("spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "echo CAT-READY; cat; echo INTERRUPTED-NOT; sleep 300")))).get("pane_id");
        eventuallyOnScreen(pane, "CAT-READY");
        CallToolResult wrote = call("write", Map.of("pane_id", pane, "data", "typed-by-mcp\n"));
        assertThat(wrote.isError()).as(wrote.toString()).isFalse();
        eventuallyOnScreen(pane, "typed-by-mcp\ntyped-by-mcp"); // the echo, then cat's copy
        call("write", Map.of("pane_id", pane, "data", "\u0003")); // Ctrl-C: the tty's SIGINT ends the whole sh
        daemon.awaitExited(pane, Duration.ofSeconds(30));
        assertThat(screen(pane)).doesNotContain("INTERRUPTED-NOT");

        CallToolResult told = call("notify", Map.of("pane_id", pane, "message", "build is green", "title", "ci"));
        assertThat(told.isError()).as(told.toString()).isFalse();
        assertThat(structured(told)).containsEntry("message", "build is green").containsEntry("pane_id", pane);
        assertThat(daemon.client().call("attention.pending", Map.of()).toString()).contains(pane);

        CallToolResult closed = call("close", Map.of("pane_id", pane));
        assertThat(closed.isError()).as(closed.toString()).isFalse();
        assertThat(daemon.client().errorCode("pane.get", Map.of("pane_id", pane))).isEqualTo("NO_SUCH_PANE");

        CallToolResult tasks = call("task_list", Map.of());
        assertThat(tasks.isError()).as(tasks.toString()).isFalse();
        assertThat(structured(tasks)).containsKey("tasks");
        assertThat(structured(call("task_get", Map.of("task_id", "task_nosuch")))).containsEntry("code", "NO_SUCH_TASK");
        assertThat(structured(call("task_cancel", Map.of("task_id", "task_nosuch")))).containsEntry("code", "NO_SUCH_TASK");
    }

    private static void eventuallyOnScreen(String pane, String text) {
        ProtocolClient.eventually(Duration.ofSeconds(30), () -> screen(pane).contains(text));
    }

    private static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    @Test
    void aSignalttyErrorIsAToolErrorCarryingItsCode() {
        CallToolResult missing = call("read", Map.of("pane_id", "pane_nosuch"));
        assertThat(missing.isError()).isTrue();
        assertThat(structured(missing)).containsEntry("code", "NO_SUCH_PANE");
        assertThat(((McpSchema.TextContent) missing.content().getFirst()).text()).startsWith("NO_SUCH_PANE: ");
        CallToolResult bad = call("decision_answer", Map.of("decision_id", "dec_nosuch", "option_id", "allow_once"));
        assertThat(bad.isError()).isTrue();
        assertThat(structured(bad).get("code")).isEqualTo("NO_SUCH_DECISION");
        // arguments that do not fit the tool's schema: the daemon's refusal, with the field, not the SDK's words
        for (Map<String, Object> wrong : List.<Map<String, Object>>of(Map.of(), Map.of("pane_id", 5))) {
            CallToolResult refused = call("read", wrong);
            assertThat(refused.isError()).as(refused.toString()).isTrue();
            assertThat(((McpSchema.TextContent) refused.content().getFirst()).text()).as(refused.toString())
                    .startsWith("BAD_PARAMS: pane_id");
            assertThat(structured(refused)).as(refused.toString()).containsEntry("code", "BAD_PARAMS")
                    .containsEntry("details", Map.of("field", "pane_id"));
        }
        CallToolResult notAList = call("spawn", Map.of("workspace_id", daemon.workspace(), "argv", "ls"));
        assertThat(structured(notAList)).as(notAList.toString()).containsEntry("code", "BAD_PARAMS")
                .containsEntry("details", Map.of("field", "argv"));
    }

    /**
     * By hand, or from a script: lines that are not JSON-RPC get a parse error and the rest is still served
     * (the SDK's reader stopped at such a line for good, and the process never ended), and closing stdin right
     * after the requests still gets every answer before the process exits.
     */
    @Test
    void aLineThatIsNotJsonIsAParseErrorAndPipedRequestsAreAllAnsweredBeforeTheEnd() throws Exception {
        ServerParameters parameters = mcpCommand(daemon.socket());
        List<String> command = new java.util.ArrayList<>(List.of(parameters.getCommand()));
        command.addAll(parameters.getArgs());
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(parameters.getEnv());
        Process process = builder.start();
        try (var in = process.getOutputStream()) {
            in.write(("garbage\n\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"by-hand\",\"version\":\"1\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"pane_list\",\"arguments\":{}}}\n")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } // stdin ends here, before anything was answered
        // the answers are a few KiB (within the pipe's buffer): wait for the end first, so a server that never ends fails
        boolean ended = process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(ended).as("the server ends after stdin did: " + out).isTrue();
        assertThat(process.exitValue()).isZero();
        List<String> lines = out.lines().toList();
        assertThat(lines).as(out).hasSize(3);
        assertThat(lines.get(0)).contains("\"id\":null").contains("-32700").contains("garbage");
        assertThat(lines).as(out).anyMatch(l -> l.contains("\"id\":1") && l.contains("\"serverInfo\""));
        assertThat(lines).as(out).anyMatch(l -> l.contains("\"id\":2") && l.contains("\"panes\""));
    }
}
