package dev.signaltty.cli;

import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.calls;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.agent.real.RealAgents;
import dev.signaltty.agent.real.RealClaude;
import dev.signaltty.agent.real.ScriptedModel;
import dev.signaltty.agent.real.Timeline;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * {@code signaltty mcp} configured into the real Claude Code (pinned, {@link RealAgents}) running in a
 * pane of a real daemon: the scripted model sees the signaltty tools offered, calls two of them, and
 * the tool results Claude sends back carry the daemon's real answers (another pane's id and its
 * output). The server is configured per launch ({@code --mcp-config <file> --strict-mcp-config}), so
 * no user or project MCP configuration is read or written. Issue 19 item 2.
 */
class ClaudeCodeMcpRealTest {

    @RegisterExtension
    static final RealAgents agents = new RealAgents();

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("claude-mcp", FakeAgent.cliProperty());

    static final Duration TURN = Duration.ofSeconds(120);
    static final List<String> OFFERED = List.of("mcp__signaltty__pane_list", "mcp__signaltty__read",
            "mcp__signaltty__run", "mcp__signaltty__spawn", "mcp__signaltty__decision_answer");

    /** The model turn that calls the signaltty tools (after the waits for the server). */
    static final int CALL_STEP = 4;

    static ScriptedModel model;
    static Timeline timeline;
    static Path project;
    static Path claude;
    static Path mcpConfig;

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedModel.start();
        project = Files.createDirectories(daemon.root().resolve("project"));
        claude = RealClaude.install(daemon.root().resolve("claude"), model, List.of(project), Map.of());
        timeline = new Timeline(daemon.connect());
        // the MCP server is this build's CLI (the SDK on its class path) on the fixture's daemon only
        List<String> command = CliHarness.javaCommand("mcp");
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("type", "stdio");
        server.put("command", command.getFirst());
        server.put("args", command.subList(1, command.size()));
        server.put("env", Map.of("SIGNALTTY_SOCKET", daemon.socket().toString()));
        mcpConfig = daemon.root().resolve("mcp.json");
        Files.write(mcpConfig, ProtocolJson.MAPPER.writeValueAsBytes(Map.of("mcpServers", Map.of("signaltty", server))));
    }

    @AfterAll
    static void stop() {
        timeline.close();
        model.close();
    }

    @Test
    void theScriptedModelCallsSignalttyToolsAndGetsTheDaemonsAnswers() {
        String marker = "MCP-" + UUID.randomUUID();
        String target = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "echo " + marker + "; sleep 300"))).get("pane_id").asString();
        eventually(TURN, () -> daemon.tail(target).contains(marker));
        // Claude 2.1.197 connects MCP servers without blocking the prompt: a turn that starts before the
        // JVM of `signaltty mcp` answered offers WaitForMcpServers (at most 5 s a call) instead of the
        // server's tools, so the model waits first, as a real one would, a few times on a loaded machine
        ScriptedModel.Step wait = call("WaitForMcpServers", Map.of("servers", List.of("signaltty")));
        model.script("mcp", wait, wait, wait, wait, calls(new ScriptedModel.Tool("mcp__signaltty__pane_list", Map.of()),
                        new ScriptedModel.Tool("mcp__signaltty__read", Map.of("pane_id", target, "mode", "tail"))),
                say("The other pane printed its marker."));

        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(claude.toString(), "--mcp-config", mcpConfig.toString(), "--strict-mcp-config",
                        "--allowedTools", "mcp__signaltty__pane_list,mcp__signaltty__read"),
                "cwd", project.toString(), "cols", 120, "rows", 40)).get("pane_id").asString();
        timeline.awaitLifecycle(pane, TURN, "idle");
        awaitScreen(pane, "❯");
        daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "scenario:mcp look at the other pane",
                "stall_timeout_s", 60));

        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(dev.signaltty.agent.real.Scenario.CLAUDE_MCP.lifecycle());
        awaitScreen(pane, "The other pane printed its marker.");
        List<ScriptedModel.Body> bodies = model.bodies("mcp");
        ScriptedModel.Body calling = bodies.stream().filter(b -> b.step() == CALL_STEP).findFirst().orElseThrow();
        List<String> offered = new ArrayList<>();
        calling.body().get("tools").forEach(t -> offered.add(t.path("name").asString()));
        assertThat(offered).containsAll(OFFERED);
        // the request after the tool calls carries their results: the daemon's own answers
        ScriptedModel.Body next = bodies.stream().filter(b -> b.step() == CALL_STEP + 1).reduce((a, b) -> b).orElseThrow();
        Map<String, String> results = toolResults(next.body());
        assertThat(results).hasSize(2);
        List<String> texts = new ArrayList<>(results.values());
        assertThat(texts).noneMatch(t -> t.startsWith("ERROR "));
        assertThat(texts).anySatisfy(t -> assertThat(t).contains("\"pane_id\":\"" + target + "\"").contains(pane));
        assertThat(texts).anySatisfy(t -> assertThat(t).contains(marker));
        assertThat(daemon.client().call("decision.list", Map.of("pane_id", pane)).get("decisions")).isEmpty();
        daemon.client().call("pane.close", Map.of("pane_id", target));
    }

    /** The tool_result blocks of a request's last user message: tool_use_id to its text (error flagged). */
    static Map<String, String> toolResults(JsonNode body) {
        JsonNode messages = body.get("messages");
        JsonNode last = messages.get(messages.size() - 1);
        Map<String, String> out = new LinkedHashMap<>();
        last.path("content").forEach(block -> {
            if ("tool_result".equals(block.path("type").asString())) {
                StringBuilder text = new StringBuilder(block.path("is_error").asBoolean() ? "ERROR " : "");
                JsonNode content = block.path("content");
                if (content.isString()) {
                    text.append(content.asString());
                } else {
                    content.forEach(part -> text.append(part.path("text").asString()));
                }
                out.put(block.path("tool_use_id").asString(), text.toString());
            }
        });
        return out;
    }

    static void awaitScreen(String pane, String text) {
        try {
            eventually(TURN, () -> screen(pane).contains(text));
        } catch (AssertionError e) {
            throw new AssertionError("screen of " + pane + " never showed " + text + ":\n" + screen(pane), e);
        }
    }

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }
}
