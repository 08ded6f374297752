package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.Await;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.RecentLog;
import tools.jackson.databind.JsonNode;

/**
 * What one stray byte on a fresh pane's reader wake pipe does, and that the daemon now says so (ADR 1200). pty4j's
 * reaper wrote such a byte, late, to a descriptor number a fresh reader had just taken: the reader drained nothing
 * and ended, the masters were closed, and the program was hung up before its first line was read (exit 129,
 * {@code output_offset} 0), with nothing in the log but the exit. The byte is written here by hand, through
 * {@code /proc/self/fd}, right after the spawn.
 */
class ReaderWokenWithoutStopTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("stray");

    @BeforeAll
    static void keepTheLog() {
        RecentLog.install();
    }

    @Test
    void aFreshReaderWokenWithoutAStopEndsItsPaneAndTheLogSaysWhy() throws Exception {
        String id = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "sleep 1; echo ready; exec sleep 600"))).get("pane_id").asString();
        PtySession session = daemon.bean(PaneRegistry.class).resolve(id).session;
        assertThat(session).isNotNull();
        try (FileOutputStream wake = new FileOutputStream("/proc/self/fd/" + session.output().wakeFd())) {
            wake.write(0);
        }
        daemon.awaitExited(id, Duration.ofSeconds(30));
        JsonNode pane = daemon.client().call("pane.get", Map.of("pane_id", id)).get("pane");
        assertThat(pane.get("exit_code").asInt()).as("hung up: %s", pane).isEqualTo(129);
        assertThat(pane.get("output_offset").asLong()).as("nothing read: %s", pane).isZero();
        Await.until(Duration.ofSeconds(30), "the daemon logs the stray wake of pane " + id,
                () -> RecentLog.lines(id).stream().anyMatch(line -> line.contains("no stop wrote")));
        daemon.client().call("pane.close", Map.of("pane_id", id));
    }
}
