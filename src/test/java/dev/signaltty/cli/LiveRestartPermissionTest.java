package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * An agent kept running through {@code signaltty server restart} while it waited for a permission (ADR 1231): its
 * decision's waiting hook does not survive, so the decision comes back cleared ({@code native_cancelled}), and the
 * permission attention is not restored from the snapshot. The agent then asks on its own screen, as Claude and Codex
 * fall back to their own dialogs when the hook brings no verdict; its screen rules read that question and raise
 * {@code blocked}, {@code permission_required} anew, with the question's text, so the person is still called and a
 * submit is still refused. The agent is a bash script whose Claude-shaped hooks run the real CLI and which draws its
 * own dialog once its waiting hook ends; its manifest is the user's, from the config dir.
 */
class LiveRestartPermissionTest {

    /**
     * An agent whose permission request goes through its hook ({@code signaltty hook-event --wait-for-answer}, the
     * real CLI, as Claude's integration wires it) and, when the hook brings no verdict, asks on its own screen.
     */
    static final String APPROVER = """
            #!/bin/bash
            hook() {
                printf '{"hook_event_name":"%s","session_id":"s-approver"%s}' "$1" "$2" \\
                    | $SIGNALTTY_CLI hook-event --agent claude $3 >/dev/null 2>&1
            }
            printf 'agent> build\\r\\nworking on: build\\r\\n'
            hook SessionStart ''
            hook UserPromptSubmit ',"prompt":"build"'
            hook PermissionRequest ',"tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"t1"' \\
                --wait-for-answer
            printf 'Allow Bash(rm -rf build)? 1. Yes  2. No\\r\\n'
            exec sleep 600
            """;

    static final String MANIFEST = """
            {"programs": ["approver"], "rules": [
              {"id": "approval", "priority": 100, "region": "screen", "regex": "^Allow .+\\\\? 1\\\\. Yes  2\\\\. No",
               "lifecycle": "blocked", "attention": "permission_required"},
              {"id": "prompt", "priority": 10, "region": "last_lines", "regex": "^agent> $", "lifecycle": "idle"}]}
            """;

    @TempDir
    Path temp;

    @Test
    void aKeptAgentsPermissionComesBackCancelledAndItsScreenAsksAnew() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Files.createDirectories(cli.configDir().resolve("agents"));
            Files.writeString(cli.configDir().resolve("agents/approver.json"), MANIFEST);
            Path approver = cli.cwd().resolve("approver");
            Files.writeString(approver, APPROVER);
            Files.setPosixFilePermissions(approver, PosixFilePermissions.fromString("rwx------"));
            LiveRestart.startDaemon(cli);
            String pane;
            String decision;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "permission");
                pane = LiveRestart.spawn(daemon, workspace, List.of(approver.toString()),
                        Map.of("SIGNALTTY_CLI", String.join(" ", CliHarness.javaCommand())));
                Await.until(LiveRestart.WAIT, "the permission's decision", () -> daemon.call("decision.list",
                        Map.of("status", "pending")).get("decisions").size() == 1);
                decision = daemon.call("decision.list", Map.of("status", "pending")).get("decisions").get(0)
                        .get("decision_id").asString();
                assertThat(attention(daemon, pane)).isEqualTo("permission_required");

                Run restart = cli.run("server", "restart");
                assertThat(restart.status()).as(restart.toString()).isZero();
            }

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.pane(daemon, pane).get("status").asString()).isEqualTo("running");
                JsonNode cleared = daemon.call("decision.get", Map.of("decision_id", decision));
                assertThat(cleared.get("status").asString()).as(cleared.toString()).isEqualTo("cleared");
                assertThat(cleared.get("reason").asString()).isEqualTo("native_cancelled");

                // the agent's own dialog, read by its screen rule: the person is called again, with its question
                try {
                    Await.until(LiveRestart.WAIT, "the screen's permission", () -> "permission_required"
                            .equals(attention(daemon, pane)));
                } catch (AssertionError e) {
                    throw new AssertionError(daemon.call("agent.explain", Map.of("pane_id", pane)) + "\n"
                            + daemon.call("pane.get", Map.of("pane_id", pane)) + "\n" + LiveRestart.tail(daemon, pane), e);
                }
                JsonNode get = daemon.call("pane.get", Map.of("pane_id", pane));
                assertThat(get.get("lifecycle").asString()).as(get.toString()).isEqualTo("blocked");
                JsonNode explain = daemon.call("agent.explain", Map.of("pane_id", pane)).get("attention");
                assertThat(explain.get("source").asString()).as(explain.toString()).isEqualTo("screen");
                assertThat(explain.get("rule").asString()).isEqualTo("approval");
                JsonNode pending = daemon.call("attention.pending", Map.of()).get("panes");
                assertThat(pending).hasSize(1);
                assertThat(pending.get(0).get("message").asString()).isEqualTo("Allow Bash(rm -rf build)? 1. Yes  2. No");
                JsonNode refused = daemon.request("pane.submit", Map.of("pane_id", pane, "text", "more")).get("error");
                assertThat(refused.get("code").asString()).isEqualTo("AGENT_BUSY");
                assertThat(refused.get("details").get("question").asString()).startsWith("Allow Bash(rm -rf build)?");
            }
        }
    }

    private static String attention(ProtocolClient daemon, String pane) {
        return daemon.call("pane.get", Map.of("pane_id", pane)).get("attention").asString();
    }
}
