package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.signaltty.support.Adr0230Transcript;
import dev.signaltty.support.ProtocolClient;

/**
 * Issue 17 (ADR 0331): a state dir whose pane transcript is still in the ADR 0230 form (written here
 * byte for byte as that writer did) comes back with its screen and scrollback after the upgrade, marked
 * restored, instead of an empty screen; the old files are converted once and deleted, and the converted
 * transcript alone brings the text back after a further kill -9.
 */
class Adr0230TranscriptUpgradeTest {

    @TempDir
    Path root;

    @Test
    void aPaneWithAnAdr0230TranscriptComesBackWithItsTextAfterTheUpgrade() throws Exception {
        Path transcripts = root.resolve("state/signaltty/transcripts");
        String ws;
        String pane;
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            ws = client.ok("workspace.create", Map.of("name", "upgrade", "cwd", root.toString()))
                    .path("workspace_id").asString();
            pane = client.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 60, "rows", 10,
                    "argv", List.of("sh", "-c", "echo this-run-only; exit 0"))).path("pane_id").asString();
            String id = pane;
            Path snapshot = daemon.stateDir.resolve("snapshot").resolve("panes.json");
            // the pane exited and is in the snapshot
            ProtocolClient.eventually(Duration.ofSeconds(90), () -> exited(client, id) && read(snapshot).contains(id));
        } // a clean stop: the pane is in panes.json, its transcript in this version's form
        // what an upgrade finds: the pane's transcript as the ADR 0230 version left it
        for (Path file : filesOf(transcripts, pane)) {
            Files.delete(file);
        }
        StringBuilder history = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            history.append("legacy-history-").append(i).append("\r\n");
        }
        Adr0230Transcript.write(transcripts, pane, 60, 10, history.toString(), "legacy-tail-line\r\n");

        try (DaemonProcess upgraded = DaemonProcess.start(root); StreamClient client = upgraded.connect()) {
            JsonNode tail = client.ok("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 500));
            assertThat(tail.path("restored").asBoolean()).as("marked restored").isTrue();
            assertRestoredText(tail.path("text").asString());
            assertThat(names(transcripts, pane)).as("converted once: the ADR 0230 checkpoint and tail are gone")
                    .doesNotContain(pane + ".ckpt", pane + ".1.tail").contains(pane + ".0.hist", pane + ".tail")
                    .containsAnyOf(pane + ".a.ckpt", pane + ".b.ckpt");
            upgraded.kill9();
        }
        try (DaemonProcess again = DaemonProcess.start(root); StreamClient client = again.connect()) {
            JsonNode tail = client.ok("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 500));
            assertThat(tail.path("restored").asBoolean()).isTrue();
            assertRestoredText(tail.path("text").asString());
        }
    }

    private static void assertRestoredText(String text) {
        List<String> lines = List.of(text.split("\n"));
        for (int i = 1; i <= 40; i++) {
            assertThat(lines).contains("legacy-history-" + i);
        }
        assertThat(lines).contains("legacy-tail-line");
        assertThat(text).as("the screen is the old transcript's, not this version's").doesNotContain("this-run-only");
    }

    private static boolean exited(StreamClient client, String pane) {
        try {
            return client.ok("pane.get", Map.of("pane_id", pane)).path("pane").path("status").asString().equals("exited");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> filesOf(Path dir, String pane) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(pane + ".")).toList();
        }
    }

    private static List<String> names(Path dir, String pane) throws Exception {
        return filesOf(dir, pane).stream().map(f -> f.getFileName().toString()).toList();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
