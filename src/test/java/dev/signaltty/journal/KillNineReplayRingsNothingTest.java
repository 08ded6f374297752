package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;
import tools.jackson.databind.JsonNode;

/**
 * ADR 0960: a bell and an OSC 9 notification in a pane's transcript tail are replayed into its screen
 * after a {@code kill -9}, and must not notify again: only a running process's output rings. The
 * periodic checkpoint is off (an hour), so the tail still holds the bytes when the daemon dies.
 */
class KillNineReplayRingsNothingTest {

    @TempDir
    Path root;

    @Test
    void theReplayedTailsBellAndNotificationMakeNoNewAttention() throws Exception {
        String pane;
        try (DaemonProcess daemon = DaemonProcess.start(root, "--signaltty.pane.transcript-sync-ms=3600000");
                StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "bells", "cwd", root.toString()))
                    .path("workspace_id").asString();
            pane = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c",
                    "printf 'a\\007b\\033]9;before the kill\\007'; exec sleep 600"))).path("pane_id").asString();
            await(() -> pending(client).toString().contains("before the kill"), "the notification is pending");
            client.ok("pane.mark_seen", Map.of("pane_id", pane));
            await(() -> pending(client).isEmpty(), "the notification was seen");
            daemon.kill9();
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            await(() -> client.ok("pane.read", Map.of("pane_id", pane)).path("text").asString().contains("ab"),
                    "the tail is replayed");
            String ws = client.ok("workspace.list", Map.of()).path("workspaces").path(0).path("workspace_id").asString();
            // signals are applied in order: once this one is pending, whatever the replay sent was applied
            String other = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c",
                    "printf '\\033]9;after the restart\\007'; exec sleep 600"))).path("pane_id").asString();
            await(() -> pending(client).toString().contains(other), "the new pane's notification is pending");
            JsonNode panes = pending(client);
            assertThat(panes).hasSize(1);
            assertThat(panes.get(0).path("pane_id").asString()).isEqualTo(other);
        }
    }

    private static JsonNode pending(StreamClient client) throws Exception {
        return client.ok("attention.pending", Map.of()).path("panes");
    }

    private static void await(Await.Check check, String what) throws Exception {
        Await.until(Duration.ofSeconds(90), what, check);
    }
}
