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

import dev.signaltty.support.Await;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;
import tools.jackson.databind.JsonNode;

/**
 * Issue 17 items 1, 2 and 5: {@code kill -9} while panes print, restart on the same state dir. The
 * pane list, names and exit codes are the acknowledged ones; each pane's screen and scrollback come
 * back (marked restored) with no loss window: the last line a client read before the kill is there
 * (ADR 0230, output is in the transcript before it can be read); cursor position, modes and the
 * alternate screen come back; a rendered cursor from before the restart reads as dropped; a closed
 * pane's transcript files are gone when the close is answered.
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
        String tui;
        String lastTick;
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
            tui = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 40, "rows", 12, "argv", List.of("sh", "-c",
                    "printf 'main-text\\n'; printf '\\033[?1049h\\033[?1h\\033[?25l\\033[3;5r\\033[6;9Halt-text\\033[4;7H';"
                            + " sleep 600"))).path("pane_id").asString();
            client.ok("pane.rename", Map.of("pane_id", finished, "name", "marks"));
            await(() -> read(client, closed, "tail").contains("gone"), "the closed pane printed");
            assertThat(filesOf(transcripts, closed)).as("the closed pane's transcript").isNotEmpty();
            client.ok("pane.close", Map.of("pane_id", closed));
            assertThat(filesOf(transcripts, closed)).as("deleted when the close is answered").isEmpty();
            await(() -> client.ok("pane.get", Map.of("pane_id", failed)).path("pane").path("status").asString()
                    .equals("exited"), "the failing pane exits");
            oldCursor = client.ok("pane.read", Map.of("pane_id", finished, "mode", "rendered")).path("next_seq").asLong();
            await(() -> read(client, finished, "tail").contains("mark-300"), "the marks are printed");
            await(() -> read(client, tui, "screen").contains("alt-text"), "the full-screen program drew");
            panesBefore = client.ok("pane.list", Map.of("workspace_id", ws)).path("panes");
            String[] printed = read(client, printer, "tail").split("\n");
            lastTick = printed[printed.length - 1];
            daemon.kill9(); // the printer is still printing: the last line read is on disk (no loss window)
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            JsonNode panesAfter = client.ok("pane.list", Map.of("workspace_id", ws)).path("panes");
            Map<String, JsonNode> after = new HashMap<>();
            panesAfter.forEach(p -> after.put(p.path("pane_id").asString(), p));
            assertThat(after.keySet()).containsExactlyInAnyOrder(finished, printer, failed, tui);
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
            assertThat(filesOf(transcripts, closed)).isEmpty();
            assertThat(List.of(read(client, printer, "tail").split("\n"))).as("the last line read before the kill")
                    .contains(lastTick);

            // cursor, modes and the alternate screen, as an attaching viewer draws them
            JsonNode attach = client.ok("pane.attach", Map.of("pane_id", tui));
            byte[] snapshot = java.util.Base64.getDecoder().decode(attach.path("snapshot_b64").asString());
            Terminal viewer = new Terminal(40, 12, new TerminalListener() { }, RingLimits.defaults(), 0);
            viewer.feed(snapshot, 0, snapshot.length);
            ScreenCells cells = viewer.cells();
            assertThat(viewer.altScreen()).as("alternate screen").isTrue();
            assertThat(viewer.screen(false)).contains("alt-text").doesNotContain("main-text");
            assertThat(new int[] {cells.cursorX(), cells.cursorY()}).as("cursor").containsExactly(6, 3);
            assertThat(cells.appCursorKeys()).as("DECCKM").isTrue();
            assertThat(cells.cursorVisible()).as("DECTCEM").isFalse();
            viewer.feed("\033[?1049l".getBytes(), 0, 8);
            assertThat(viewer.screen(false)).as("the main screen under it").contains("main-text");
            assertThat(read(client, tui, "screen")).as("the pane itself").contains("alt-text");
        }
    }

    private static String read(StreamClient client, String pane, String mode) throws Exception {
        return client.ok("pane.read", Map.of("pane_id", pane, "mode", mode, "lines", 5000)).path("text").asString();
    }

    private static List<Path> filesOf(Path dir, String pane) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(pane + ".")).toList();
        }
    }

    private static void await(Await.Check check, String what) throws Exception {
        Await.until(Duration.ofSeconds(60), what, check);
    }
}
