package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/**
 * Issue 17 items 1, 2 and 5: {@code kill -9} while panes print, restart on the same state dir. The
 * pane list, names and exit codes are the acknowledged ones; each pane's screen and scrollback come
 * back as saved (marked restored); a rendered cursor from before the restart reads as dropped; a
 * closed pane's transcript is deleted.
 */
class KillNineRestoresPanesTest {

    @TempDir
    Path root;

    @Test
    void panesNamesExitCodesAndScrollbackSurviveAKill9WhilePanesPrint() throws Exception { // seed R302
        String ws;
        String finished;
        String printer;
        String failed;
        String closed;
        long oldCursor;
        JsonNode panesBefore;
        Path transcripts = root.resolve("state/signaltty/transcripts");
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            ws = client.ok("workspace.create", Map.of("name", "crashy", "cwd", root.toString()))
                    .path("workspace_id").asString();
            finished = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 60, "rows", 10, "argv",
                    List.of("sh", "-c", "for i in $(seq 1 300); do echo mark-$i; done; sleep 600")))
                    .path("pane_id").asString();
            printer = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv",
                    List.of("sh", "-c", "i=0; while true; do i=$((i+1)); echo tick-$i; sleep 0.01; done")))
                    .path("pane_id").asString();
            failed = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", "echo bye; exit 3")))
                    .path("pane_id").asString();
            closed = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", "echo gone; sleep 600")))
                    .path("pane_id").asString();
            client.ok("pane.rename", Map.of("pane_id", finished, "name", "marks"));
            await(() -> Files.exists(transcripts.resolve(closed + ".txt")), "the closed pane's transcript is written");
            client.ok("pane.close", Map.of("pane_id", closed));
            await(() -> client.ok("pane.get", Map.of("pane_id", failed)).path("pane").path("status").asString()
                    .equals("exited"), "the failing pane exits");
            oldCursor = client.ok("pane.read", Map.of("pane_id", finished, "mode", "rendered")).path("next_seq").asLong();
            await(() -> Files.exists(transcripts.resolve(finished + ".txt"))
                    && Files.readString(transcripts.resolve(finished + ".txt")).contains("mark-300")
                    && Files.exists(transcripts.resolve(failed + ".txt"))
                    && !Files.exists(transcripts.resolve(closed + ".txt")), "the transcripts are saved");
            panesBefore = client.ok("pane.list", Map.of("workspace_id", ws)).path("panes");
            daemon.kill9(); // the printer is still printing
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            JsonNode panesAfter = client.ok("pane.list", Map.of("workspace_id", ws)).path("panes");
            Map<String, JsonNode> after = new HashMap<>();
            panesAfter.forEach(p -> after.put(p.path("pane_id").asString(), p));
            assertThat(after.keySet()).containsExactlyInAnyOrder(finished, printer, failed);
            for (JsonNode before : panesBefore) {
                JsonNode pane = after.get(before.path("pane_id").asString());
                for (String fact : List.of("name", "created_at", "started_at", "cols", "rows", "argv")) {
                    assertThat(pane.get(fact)).as(fact).isEqualTo(before.get(fact));
                }
                assertThat(pane.path("status").asString()).isEqualTo("exited");
            }
            assertThat(after.get(failed).path("exit_code").asInt()).isEqualTo(3);
            assertThat(after.get(finished).path("name").asString()).isEqualTo("marks");

            JsonNode tail = client.ok("pane.read", Map.of("pane_id", finished, "mode", "tail", "lines", 500));
            assertThat(tail.path("restored").asBoolean()).isTrue();
            List<String> lines = List.of(tail.path("text").asString().split("\n"));
            for (int i = 1; i <= 300; i++) {
                assertThat(lines).contains("mark-" + i);
            }
            assertThat(client.ok("pane.read", Map.of("pane_id", finished, "mode", "screen")).path("text").asString())
                    .contains("mark-300");
            assertThat(client.ok("pane.read", Map.of("pane_id", failed, "mode", "tail")).path("text").asString())
                    .contains("bye");
            assertThat(client.ok("pane.read", Map.of("pane_id", printer, "mode", "tail", "lines", 5000)).path("text").asString()
                    .split("\n")).contains("tick-1");
            assertThat(client.ok("pane.read", Map.of("pane_id", finished, "mode", "rendered", "after_seq", oldCursor))
                    .path("dropped").asBoolean()).as("a cursor from before the restart").isTrue();
            assertThat(Files.exists(transcripts.resolve(closed + ".txt"))).isFalse();
        }
    }

    interface Check {
        boolean holds() throws Exception;
    }

    private static void await(Check check, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!check.holds()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
