package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * ADR-0160: several viewers of one pane, each on its own connection (attach, then resize), under both
 * size policies; a viewer that detaches or disconnects stops sizing. The size is checked in the
 * pane's real PTY (tput in the child), not only in the daemon's record.
 */
class PaneSizePolicyTest {

    static String size(DaemonFixture daemon, String pane) {
        var view = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
        return view.get("cols").asInt() + "x" + view.get("rows").asInt();
    }

    static String spawn(DaemonFixture daemon) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cols", 80, "rows", 24,
                "argv", List.of("sh", "-c", "while read l; do echo got=$(tput cols)x$(tput lines); done"))).get("pane_id").asString();
    }

    static ProtocolClient viewer(DaemonFixture daemon, String pane, int cols, int rows) {
        ProtocolClient c = daemon.connect();
        c.call("pane.attach", Map.of("pane_id", pane));
        c.call("pane.resize", Map.of("pane_id", pane, "cols", cols, "rows", rows));
        return c;
    }

    /**
     * The child's own tput reports {@code size}, asked once after the record ({@link #size}) reported it: the
     * PTY takes a size before the record does (ADR 0950), so the one line asked for cannot report the old one.
     */
    static void ptySays(DaemonFixture daemon, String pane, String size) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "x\n"));
        eventually(Duration.ofSeconds(20), () -> daemon.tail(pane).contains("got=" + size));
    }

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("sizes");

    @Test
    void theLastViewerToSizeWinsAndWhenItLeavesTheOneBeforeIt() {
        String pane = spawn(daemon);
        try (ProtocolClient a = viewer(daemon, pane, 100, 30)) {
            ProtocolClient b = viewer(daemon, pane, 60, 20);
            assertThat(size(daemon, pane)).isEqualTo("60x20");
            ptySays(daemon, pane, "60x20");
            b.close(); // a viewer that disconnects stops sizing: back to what a asked for
            eventually(Duration.ofSeconds(20), () -> size(daemon, pane).equals("100x30"));
            ptySays(daemon, pane, "100x30");
            a.call("pane.detach", Map.of("pane_id", pane)); // the last sizing viewer leaves: the size stays
            assertThat(size(daemon, pane)).isEqualTo("100x30");
            // a resize from a connection that is not a viewer applies, and is not remembered
            daemon.client().call("pane.resize", Map.of("pane_id", pane, "cols", 70, "rows", 21));
            assertThat(size(daemon, pane)).isEqualTo("70x21");
        }
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void aRealSizeChangeEmitsPaneUpdatedWithTheSize() {
        String pane = spawn(daemon);
        try (ProtocolClient events = daemon.connect(); ProtocolClient a = viewer(daemon, pane, 90, 25)) {
            events.call("subscribe", Map.of("events", List.of("pane.updated")));
            a.call("pane.resize", Map.of("pane_id", pane, "cols", 91, "rows", 26));
            var event = events.nextEvent();
            assertThat(event.get("payload").get("pane_id").asString()).isEqualTo(pane);
            assertThat(event.get("payload").get("cols").asInt()).isEqualTo(91);
            assertThat(event.get("payload").get("rows").asInt()).isEqualTo(26);
        }
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }
}
