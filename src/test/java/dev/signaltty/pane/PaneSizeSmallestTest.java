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
 * ADR-0160: several viewers of one pane, each on its own connection (attach, then resize), under the
 * smallest policy (the latest policy: PaneSizePolicyTest); a viewer that detaches or disconnects stops sizing. The size is checked in the
 * pane's real PTY (tput in the child), not only in the daemon's record.
 */
class PaneSizeSmallestTest {


    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("sizes", "signaltty.pane.size-policy=smallest");

    @Test
    void everyViewerSeesTheWholePaneAndALeavingViewerIsRecomputed() {
        String pane = PaneSizePolicyTest.spawn(daemon);
        try (ProtocolClient a = PaneSizePolicyTest.viewer(daemon, pane, 100, 20)) {
            ProtocolClient b = PaneSizePolicyTest.viewer(daemon, pane, 70, 40);
            // the reply is the pane's size, not the request
            var reply = b.call("pane.resize", Map.of("pane_id", pane, "cols", 70, "rows", 40));
            assertThat(reply.get("cols").asInt() + "x" + reply.get("rows").asInt()).isEqualTo("70x20");
            PaneSizePolicyTest.ptySays(daemon, pane, "70x20");
            b.close();
            eventually(Duration.ofSeconds(20), () -> PaneSizePolicyTest.size(daemon, pane).equals("100x20"));
            PaneSizePolicyTest.ptySays(daemon, pane, "100x20");
        }
        // nobody sizes any more: the pane keeps the last size
        eventually(Duration.ofSeconds(20), () -> PaneSizePolicyTest.size(daemon, pane).equals("100x20"));
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }
}
