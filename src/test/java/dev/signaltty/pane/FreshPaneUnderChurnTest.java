package dev.signaltty.pane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.PaneDiagnosis;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.RecentLog;
import tools.jackson.databind.JsonNode;

/**
 * Fresh panes spawned all at once while as many others end beside them: each fresh program prints, is read, and
 * keeps running. Ending programs are what made fresh panes go wrong under load (ADR 1200): each end closes
 * descriptors whose numbers the fresh panes' readers take, and a late write of pty4j's reaper to such a number
 * ended a fresh pane's output and hung its program up before its first line was read. When a fresh pane fails,
 * the message says what it showed (record, screen, process, the daemon's log about it).
 */
class FreshPaneUnderChurnTest {

    private static final int ROUNDS = 4;
    private static final int PER_ROUND = 8;

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("fresh");

    @BeforeAll
    static void keepTheLog() {
        RecentLog.install();
    }

    @Test
    void freshPanesPrintAndKeepRunningWhileOthersEndBesideThem() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            List<Future<String>> fresh = new ArrayList<>();
            List<Future<String>> ending = new ArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < PER_ROUND; i++) {
                    fresh.add(pool.submit(() -> spawn("echo ready; exec sleep 600")));
                    ending.add(pool.submit(() -> spawn("echo bye")));
                }
            }
            for (Future<String> spawned : fresh) {
                String pane = spawned.get();
                JsonNode waited = daemon.client().request("pane.wait_for_output",
                        Map.of("pane_id", pane, "match", "ready", "timeout_s", 30));
                assertThat(waited.path("ok").asBoolean()).as("round %d, no 'ready' (%s)%n%s", round, waited,
                        PaneDiagnosis.of(daemon.client(), pane)).isTrue();
                assertThat(status(pane)).as("round %d%n%s", round, PaneDiagnosis.of(daemon.client(), pane))
                        .isEqualTo("running");
            }
            for (Future<String> pane : fresh) {
                daemon.client().call("pane.close", Map.of("pane_id", pane.get()));
            }
            for (Future<String> pane : ending) {
                daemon.client().call("pane.close", Map.of("pane_id", pane.get()));
            }
        }
    }

    private static String spawn(String script) {
        try (ProtocolClient own = daemon.connect()) {
            return own.call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sh", "-c", script)))
                    .get("pane_id").asString();
        }
    }

    private static String status(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString();
    }
}
