package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;
import tools.jackson.databind.JsonNode;

/**
 * ADR 1231: a notification the person has not read outlives a SIGKILLed daemon, whether the agents snapshot saved
 * it or only the journal after the snapshot holds it; a question whose program ended with the daemon is unread, as
 * at any exit, told with cause {@code daemon_lost}.
 */
class KillNineKeepsAttentionTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @Test
    void anUnreadNotificationOutlivesAKilledDaemonAndAQuestionOfAnEndedProgramIsUnread() throws Exception { // seed R19
        String saved;
        String journaled;
        String asking;
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "attention", "cwd", root.toString()))
                    .path("workspace_id").asString();
            saved = spawn(client, ws);
            journaled = spawn(client, ws);
            asking = spawn(client, ws);
            client.ok("notify", Map.of("pane_id", saved, "message", "build is green"));
            client.ok("hook-event", Map.of("pane_id", asking, "agent", "claude", "payload", Map.of(
                    "hook_event_name", "Notification", "session_id", "s-ask", "notification_type",
                    "elicitation_dialog", "message", "Which branch?")));
            Path snapshot = daemon.stateDir.resolve("snapshot").resolve("agents.json");
            Await.until(WAIT, "the agents snapshot holds the first notification", () -> Files.exists(snapshot)
                    && Files.readString(snapshot).contains("build is green")
                    && Files.readString(snapshot).contains("Which branch?"));
            client.ok("notify", Map.of("pane_id", journaled, "message", "tests failed"));
            daemon.kill9(); // at once: the second notification is in the journal, the snapshot may not have it
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            assertThat(attention(client, saved)).isEqualTo("unread");
            assertThat(attention(client, journaled)).isEqualTo("unread");
            assertThat(attention(client, asking)).isEqualTo("unread");
            JsonNode pending = client.ok("attention.pending", Map.of()).path("panes");
            assertThat(pending).hasSize(3);
            assertThat(pending.get(0).path("pane_id").asString()).isEqualTo(saved); // the older first
            assertThat(pending.get(0).path("message").asString()).isEqualTo("build is green");
            assertThat(pending.get(1).path("pane_id").asString()).isEqualTo(journaled);
            assertThat(pending.get(1).path("message").asString()).isEqualTo("tests failed");
            assertThat(pending.get(2).path("pane_id").asString()).isEqualTo(asking); // unread since the exit was told
            assertThat(pending.get(2).path("message").asString()).isEqualTo("Which branch?");
            JsonNode told = client.ok("agent.explain", Map.of("pane_id", asking)).path("attention");
            assertThat(told.path("cause").asString()).as(told.toString()).isEqualTo("daemon_lost");
        }
    }

    private static String spawn(StreamClient client, String ws) throws Exception {
        return client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600"))).path("pane_id").asString();
    }

    private static String attention(StreamClient client, String pane) throws Exception {
        return client.ok("pane.get", Map.of("pane_id", pane)).path("attention").asString();
    }
}
