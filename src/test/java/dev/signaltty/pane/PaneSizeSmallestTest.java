package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

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
    /**
     * ADR 1331: a viewer that does not show the pane (a dashboard's tab left behind) sends {@code hidden}: its
     * size stops counting, as at pane.detach, while it stays attached and goes on getting the output; its next
     * size counts again.
     */
    @Test
    void aHiddenViewerStopsSizingButStaysAttached() {
        String pane = PaneSizePolicyTest.spawn(daemon);
        try (ProtocolClient small = PaneSizePolicyTest.viewer(daemon, pane, 60, 15);
             ProtocolClient big = PaneSizePolicyTest.viewer(daemon, pane, 120, 40)) {
            assertThat(PaneSizePolicyTest.size(daemon, pane)).isEqualTo("60x15");
            var hidden = small.call("pane.resize", Map.of("pane_id", pane, "hidden", true));
            assertThat(hidden.get("cols").asInt() + "x" + hidden.get("rows").asInt()).isEqualTo("120x40");
            PaneSizePolicyTest.ptySays(daemon, pane, "120x40");
            // still a viewer: the child's answer streams to it
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("got=120x40")) {
                JsonNode event = small.nextEvent();
                if ("pty.data".equals(event.get("event").asString())) {
                    seen.append(new String(Base64.getDecoder().decode(event.get("payload").get("data_b64").asString()),
                            StandardCharsets.UTF_8));
                }
            }
            // shown again: its size counts again
            var shown = small.call("pane.resize", Map.of("pane_id", pane, "cols", 60, "rows", 15));
            assertThat(shown.get("cols").asInt() + "x" + shown.get("rows").asInt()).isEqualTo("60x15");
        }
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    /** Only a viewer hides, and it asks for no size while it does: BAD_PARAMS naming the field. */
    @Test
    void hiddenComesFromAViewerAndWithoutASize() {
        String pane = PaneSizePolicyTest.spawn(daemon);
        JsonNode notAttached = daemon.client().request("pane.resize", Map.of("pane_id", pane, "hidden", true));
        assertThat(notAttached.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(notAttached.get("error").get("message").asString()).contains("hidden").contains("pane.attach");
        try (ProtocolClient viewer = PaneSizePolicyTest.viewer(daemon, pane, 60, 15)) {
            JsonNode withSize = viewer.request("pane.resize", Map.of("pane_id", pane, "hidden", true, "cols", 70));
            assertThat(withSize.get("error").get("message").asString()).contains("cols");
            JsonNode noSize = viewer.request("pane.resize", Map.of("pane_id", pane, "rows", 20));
            assertThat(noSize.get("error").get("message").asString()).contains("cols").contains("required");
            assertThat(PaneSizePolicyTest.size(daemon, pane)).isEqualTo("60x15");
        }
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }
}
