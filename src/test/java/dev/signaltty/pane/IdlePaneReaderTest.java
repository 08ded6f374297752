package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;

/**
 * An idle pane's reader hands its master to the shared idle watcher and ends (ADR 0547); output, input
 * echo and the exit still arrive afterwards. The daemon runs in this JVM, so its threads are visible here.
 * Each test waits for the hand-off itself (a condition, not a pause) before it acts.
 */
class IdlePaneReaderTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("idle-reader");

    @Test
    void aQuietPaneKeepsNoReaderThreadAndALaterWriteStillEchoes() {
        String pane = daemon.spawnShell("echo ready; while read line; do echo got-$line; done");
        eventually(WAIT, () -> daemon.tail(pane).contains("ready"));
        awaitHandedOff(pane);

        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "after-idle\r"));

        eventually(WAIT, () -> daemon.tail(pane).contains("got-after-idle"));
        // quiet again, it hands off again, and the next line still arrives
        awaitHandedOff(pane);
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "second\r"));
        eventually(WAIT, () -> daemon.tail(pane).contains("got-second"));
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void theExitOfAHandedOffPaneIsStillReported() throws Exception {
        Path flag = daemon.root().resolve("exit-now-" + System.nanoTime());
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                List.of("sh", "-c", "while [ ! -e '" + flag + "' ]; do sleep 0.1; done; exit 7"))).get("pane_id").asString();
        awaitHandedOff(pane);

        Files.writeString(flag, "");

        daemon.awaitExited(pane, WAIT); // the master hangs up: the watcher resumes the reader, which ends
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("exit_code").asInt())
                .isEqualTo(7);
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    /**
     * A quiet pane's history is held deflated (ADR 0540): the scrollback, a search into it and more output
     * after it read exactly as before.
     */
    @Test
    void aQuietPanesDeflatedHistoryReadsAndSearchesTheSame() {
        String pane = daemon.spawnShell("for i in $(seq 1 4000); do echo \"history line $i of the quiet pane\"; done; "
                + "echo done-printing; while read line; do echo got-$line; done");
        eventually(WAIT, () -> daemon.tail(pane).contains("done-printing"));
        awaitHandedOff(pane); // quiet for the hand-off: its history was deflated a few seconds before

        String text = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 5000))
                .get("text").asString();
        List<String> printed = text.lines().filter(l -> l.startsWith("history line ")).toList();
        assertThat(printed).hasSize(4000);
        for (int i = 0; i < printed.size(); i++) {
            assertThat(printed.get(i)).isEqualTo("history line " + (i + 1) + " of the quiet pane");
        }
        var found = daemon.client().call("pane.search", Map.of("pane_id", pane, "pattern", "history line 17 of"));
        assertThat(found.get("total").asInt()).isEqualTo(1);
        assertThat(found.get("matches").get(0).get("line").asString()).isEqualTo("history line 17 of the quiet pane");

        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "more\r"));
        eventually(WAIT, () -> daemon.tail(pane).contains("got-more"));
        String after = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 5000))
                .get("text").asString();
        assertThat(after).contains("history line 1 of the quiet pane\n").contains("history line 4000 of the quiet pane")
                .contains("got-more");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    /** The pane has no reader thread of its own and the idle watcher runs. */
    private static void awaitHandedOff(String pane) {
        eventually(WAIT, () -> {
            List<String> names = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName).toList();
            return !names.contains("pty-read-" + pane) && names.contains("pty-idle-watch");
        });
    }
}
