package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.agent.real.RealAgents;
import dev.signaltty.agent.real.RealCodex;
import dev.signaltty.agent.real.ScriptedModel;
import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}; {@code -a on-request}, its hooks wired and run without review) kept
 * through {@code signaltty server restart} while its PermissionRequest hook waits for an answer (ADR 1422): the hook
 * dies with the old daemon, so Codex draws its own approval dialog ("Would you like to run the following
 * command?"), and no hook of the new daemon's will say so. Its built-in manifest's rule {@code approval} reads the
 * dialog: {@code blocked}, {@code permission_required}, the question as the attention's message, a submit refused
 * {@code AGENT_BUSY}. Before, the pane read {@code unknown}, attention {@code none}: nobody was called.
 */
class LiveRestartCodexApprovalTest {

    @RegisterExtension
    static final RealAgents agents = new RealAgents();

    static final String QUESTION = "Would you like to run the following command?";

    @TempDir
    Path temp;

    @Test
    void aKeptCodexAtItsOwnApprovalDialogReadsBlockedByItsScreen() throws Exception {
        try (ScriptedModel model = ScriptedModel.start(); CliHarness cli = new CliHarness(temp)) {
            model.script("approve", ScriptedModel.call("exec_command", Map.of("cmd", "touch approved.txt",
                    "sandbox_permissions", "require_escalated", "justification", "the scenario writes a file")),
                    ScriptedModel.say("Wrote the file."));
            Path project = Files.createDirectories(temp.resolve("project"));
            assertThat(new ProcessBuilder("git", "init", "-q", project.toString()).inheritIO().start().waitFor()).isZero();
            Path codex = RealCodex.install(temp.resolve("codex"), model, List.of(project));
            Run start = cli.run("server", "start", "--signaltty.cli.command=" + String.join(" ", CliHarness.javaCommand()),
                    "--signaltty.codex.bypass-hook-trust=true");
            assertThat(start.status()).as(start.toString()).isZero();
            String pane;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "codex");
                pane = daemon.call("pane.spawn", Map.of("workspace_id", workspace, "argv",
                        List.of(codex.toString(), "-a", "on-request"), "cwd", project.toString(), "cols", 120, "rows", 40))
                        .get("pane_id").asString();
                Await.until(java.time.Duration.ofMinutes(5), "Codex's prompt", () -> LiveRestart.tail(daemon, pane).contains("Ask Codex"));
                daemon.call("pane.submit", Map.of("pane_id", pane, "text", "scenario:approve write the file"));
                Await.until(LiveRestart.WAIT, "the PermissionRequest's decision", () -> daemon.call("decision.list",
                        Map.of("status", "pending")).get("decisions").size() == 1);
                assertThat(attention(daemon, pane)).isEqualTo("permission_required");

                Run restart = cli.run("server", "restart");
                assertThat(restart.status()).as(restart.toString()).isZero();
            }

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                Await.until(LiveRestart.WAIT, "Codex's own dialog", () -> LiveRestart.tail(daemon, pane).contains(QUESTION));
                try {
                    Await.until(LiveRestart.WAIT, "the screen's permission", () -> "blocked".equals(
                            daemon.call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString()));
                } catch (AssertionError e) {
                    throw new AssertionError(daemon.call("agent.explain", Map.of("pane_id", pane)) + "\n"
                            + LiveRestart.tail(daemon, pane), e);
                }
                assertThat(attention(daemon, pane)).isEqualTo("permission_required");
                JsonNode explain = daemon.call("agent.explain", Map.of("pane_id", pane));
                assertThat(explain.get("lifecycle").get("cause").asString()).as(explain.toString())
                        .isEqualTo("screen:codex/approval");
                JsonNode pending = daemon.call("attention.pending", Map.of()).get("panes");
                assertThat(pending.toString()).contains(QUESTION);
                JsonNode refused = daemon.request("pane.submit", Map.of("pane_id", pane, "text", "more")).get("error");
                assertThat(refused.get("code").asString()).as(refused.toString()).isEqualTo("AGENT_BUSY");
            }
        }
    }

    private static String attention(ProtocolClient daemon, String pane) {
        return daemon.call("pane.get", Map.of("pane_id", pane)).get("attention").asString();
    }
}
