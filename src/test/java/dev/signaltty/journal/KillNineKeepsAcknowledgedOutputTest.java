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
 * Issue 17 (ADR 0250): the memory-mapped transcript tail. With the periodic checkpoint-and-sync pass
 * switched off (an hour), only the tail and the checkpoints its bounds and a resize force hold the
 * output, and after a {@code kill -9}:
 * <ul>
 * <li>output a client read just before the kill is there, after many forced checkpoints;</li>
 * <li>an escape sequence split across two chunks with a checkpoint between (forced by a resize) is
 *     not shown as text;</li>
 * <li>a screen that went into a checkpoint's repaint reads the same, and the window title is kept
 *     (the rows' soft-wrap flags themselves: {@code PaneTranscriptTest}).</li>
 * </ul>
 */
class KillNineKeepsAcknowledgedOutputTest {

    private static final String WIDE = "w".repeat(100); // two rows of a 60-column pane, joined by pane.read

    @TempDir
    Path root;

    @Test
    void outputReadBeforeAKill9AndASequenceSplitByACheckpointComeBackAsTheyWere() throws Exception { // seed R302
        String flood;
        String split;
        String floodBefore;
        String splitBefore;
        String wrap;
        String wrapBefore;
        try (DaemonProcess daemon = DaemonProcess.start(root, "--signaltty.pane.transcript-sync-ms=3600000",
                "--signaltty.pane.transcript-tail-bytes=4096");
                StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "tail", "cwd", root.toString()))
                    .path("workspace_id").asString();
            flood = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 80, "rows", 10, "argv", List.of("sh", "-c",
                    "stty -echo; read x; i=0; while [ $i -lt 3000 ]; do echo \"line-$i-$(printf '%060d' $i)\"; i=$((i+1)); done;"
                            + " echo acked-end; sleep 600"))).path("pane_id").asString();
            split = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 60, "rows", 10, "argv", List.of("sh", "-c",
                    "stty -echo; echo ready; read x; printf '\\033[3'; read y; printf '1mRED\\033[0m-after\\n'; sleep 600")))
                    .path("pane_id").asString();
            // the wide line and the title go into a checkpoint's repaint: 12 KB of status on the last row
            // (cursor saved and restored, nothing scrolls) pass the 4 KiB tail bound after them
            wrap = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 60, "rows", 10, "argv", List.of("sh", "-c",
                    "printf '\\033]2;build-title\\007'; echo " + WIDE + "; i=0; while [ $i -lt 600 ]; do"
                            + " printf '\\0337\\033[10;1Hstatus-%05d\\0338' $i; i=$((i+1)); done; echo wrap-done; sleep 600")))
                    .path("pane_id").asString();

            await(() -> read(client, split, "screen").contains("ready"), "the split pane is waiting");
            await(() -> read(client, wrap, "tail").contains("wrap-done"), "the wide line and the status are printed");
            await(() -> title(client, wrap).equals("build-title"), "the title is set");
            client.ok("pane.write", Map.of("pane_id", flood, "data", "\n"));

            long offset = offset(client, split);
            client.ok("pane.write", Map.of("pane_id", split, "data", "\n"));
            await(() -> offset(client, split) >= offset + 3, "the first half of the sequence was read");
            client.ok("pane.resize", Map.of("pane_id", split, "cols", 64, "rows", 10)); // forces a checkpoint, mid-sequence
            client.ok("pane.write", Map.of("pane_id", split, "data", "\n"));
            await(() -> read(client, split, "tail").contains("RED-after"), "the second half was read");

            await(() -> read(client, flood, "tail").contains("acked-end"), "the flood's last line was read");
            floodBefore = read(client, flood, "tail");
            splitBefore = read(client, split, "tail");
            wrapBefore = read(client, wrap, "tail");
            daemon.kill9(); // at once: nothing but the mapped tail and the forced checkpoints hold the last output
        }
        assertThat(splitBefore).doesNotContain("1mRED");
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            String floodAfter = read(client, flood, "tail");
            assertThat(lines(floodAfter)).as("the last line read before the kill").contains("acked-end");
            assertThat(floodAfter).isEqualTo(floodBefore);
            List<String> all = lines(client.ok("pane.read", Map.of("pane_id", flood, "mode", "tail", "lines", 5000))
                    .path("text").asString());
            assertThat(all).contains("line-0-" + "0".repeat(60), "line-2999-" + "0".repeat(56) + "2999");

            String splitAfter = read(client, split, "tail");
            assertThat(splitAfter).as("the rest of the split sequence is not text").doesNotContain("1mRED").contains("RED-after");
            assertThat(splitAfter).isEqualTo(splitBefore);
            String wrapAfter = read(client, wrap, "tail");
            assertThat(wrapAfter).isEqualTo(wrapBefore);
            assertThat(title(client, wrap)).as("the window title").isEqualTo("build-title");
        }
    }

    private static String read(StreamClient client, String pane, String mode) throws Exception {
        return client.ok("pane.read", Map.of("pane_id", pane, "mode", mode, "lines", 200)).path("text").asString();
    }

    private static List<String> lines(String text) {
        return List.of(text.split("\n"));
    }

    private static long offset(StreamClient client, String pane) throws Exception {
        return pane(client, pane).path("output_offset").asLong();
    }

    private static String title(StreamClient client, String pane) throws Exception {
        return pane(client, pane).path("title").asString();
    }

    private static JsonNode pane(StreamClient client, String pane) throws Exception {
        return client.ok("pane.get", Map.of("pane_id", pane)).path("pane");
    }

    private static void await(Await.Check check, String what) throws Exception {
        Await.until(Duration.ofSeconds(90), what, check);
    }
}
