package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * What a pane needs from the person survives {@code signaltty server restart} with its program (ADR 1231): an
 * agent's open question ({@code input_required}) and an unread notification are still on the pane, in
 * {@code attention.pending} (the dashboard's Needs-you) with their message, after the restart in place.
 */
class LiveRestartAttentionTest {

    @TempDir
    Path temp;

    @Test
    void anOpenQuestionAndAnUnreadNotificationOutliveARestartInPlace() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String asking;
            String told;
            String quiet;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "attention");
                asking = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                told = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                quiet = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                // the agent asks the person something: an elicitation dialog, as Claude's Notification hook tells it
                daemon.call("hook-event", Map.of("pane_id", asking, "agent", "claude", "payload", Map.of(
                        "hook_event_name", "SessionStart", "session_id", "s-ask", "source", "startup")));
                daemon.call("hook-event", Map.of("pane_id", asking, "agent", "claude", "payload", Map.of(
                        "hook_event_name", "Notification", "session_id", "s-ask", "notification_type",
                        "elicitation_dialog", "message", "Which branch should I merge?")));
                daemon.call("notify", Map.of("pane_id", told, "message", "build is green"));
                assertThat(attention(daemon, asking)).isEqualTo("input_required");
                assertThat(attention(daemon, told)).isEqualTo("unread");
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.pane(daemon, asking).get("status").asString()).isEqualTo("running");
                assertThat(attention(daemon, asking)).isEqualTo("input_required");
                assertThat(attention(daemon, told)).isEqualTo("unread");
                assertThat(attention(daemon, quiet)).isEqualTo("none");
                JsonNode pending = daemon.call("attention.pending", Map.of()).get("panes");
                assertThat(pending).hasSize(2);
                assertThat(pending.get(0).get("pane_id").asString()).isEqualTo(asking); // the more urgent first
                assertThat(pending.get(0).get("message").asString()).isEqualTo("Which branch should I merge?");
                assertThat(pending.get(1).get("pane_id").asString()).isEqualTo(told);
                assertThat(pending.get(1).get("message").asString()).isEqualTo("build is green");
            }
        }
    }

    private static String attention(ProtocolClient daemon, String pane) {
        return daemon.call("pane.get", Map.of("pane_id", pane)).get("attention").asString();
    }
}
