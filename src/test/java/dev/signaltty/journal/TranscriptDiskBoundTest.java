package dev.signaltty.journal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;

/**
 * Issue 17 item 1 (ADR 0230): a pane printing far more than its transcript cap keeps its files within
 * the cap (hist compacted, tail restarted at each checkpoint), and after a kill -9 the newest lines come
 * back, the oldest are gone.
 */
class TranscriptDiskBoundTest {

    static final int CAP = 32 * 1024;
    static final int TAIL = 4 * 1024;

    @Test
    void filesStayWithinTheCapAndTheNewestLinesComeBack(@TempDir Path root) throws Exception {
        Path transcripts = root.resolve("state/signaltty/transcripts");
        String pane;
        try (DaemonProcess daemon = DaemonProcess.start(root, "--signaltty.pane.transcript-bytes=" + CAP,
                "--signaltty.pane.transcript-tail-bytes=" + TAIL);
             ProtocolClient client = ProtocolClient.connect(daemon.socket)) {
            String ws = client.call("workspace.create", Map.of("name", "cap", "cwd", root.toString())).get("workspace_id").asString();
            pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c",
                    "seq 1 40000 | sed 's/^/line-/'; echo all-done; sleep 600"))).get("pane_id").asString();
            eventually(Duration.ofSeconds(120), () -> client.call("pane.read", Map.of("pane_id", pane, "mode", "screen"))
                    .get("text").asString().contains("all-done"));
            long total = 0;
            try (var files = Files.list(transcripts)) {
                for (Path f : files.filter(f -> f.getFileName().toString().startsWith(pane + ".")).toList()) {
                    long size = Files.size(f);
                    total += size;
                    if (f.toString().endsWith(".hist")) {
                        assertThat(size).as("hist within the cap").isLessThanOrEqualTo(CAP);
                    }
                    if (f.toString().endsWith(".tail")) {
                        assertThat(size).as("tail within 4 × its threshold").isLessThanOrEqualTo(4L * TAIL + 65536);
                    }
                }
            }
            assertThat(total).as("all of the pane's files, for ~400 KB printed").isLessThan(CAP + 4L * TAIL + 65536 + 8192);
            daemon.kill9();
        }
        try (DaemonProcess daemon = DaemonProcess.start(root, "--signaltty.pane.transcript-bytes=" + CAP);
             ProtocolClient client = ProtocolClient.connect(daemon.socket)) {
            List<String> lines = List.of(client.call("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 5000))
                    .get("text").asString().split("\n"));
            assertThat(lines).contains("line-40000", "all-done", "line-39000").doesNotContain("line-1", "line-20000");
        }
    }
}
