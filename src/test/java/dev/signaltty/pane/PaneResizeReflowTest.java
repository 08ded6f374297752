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
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;
import tools.jackson.databind.JsonNode;

/**
 * ADR 0800 end to end: a pane whose long line wrapped at 80 columns is resized to 55 over the real
 * socket (as the web dashboard does), and what {@code pane.read} and a new viewer's attach snapshot give
 * is the whole line rewrapped at 55, not its rows cut at the new edge (ADR 0790's finding).
 */
class PaneResizeReflowTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("reflow");

    /** 101 characters: two rows at 80 columns, at 55 a row of 55 and one of 46. */
    private static final String LINE = "L" + "0123456789".repeat(10);

    @Test
    void aNarrowerPaneShowsTheLongLineRewrappedToReadersAndNewViewers() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cols", 80,
                "rows", 24, "argv", List.of("sh", "-c", "printf '%s\\nafter\\n' " + LINE + "; exec cat")))
            .get("pane_id").asString();
        eventually(Duration.ofSeconds(20), () -> daemon.tail(pane).contains("after"));
        assertThat(daemon.tail(pane)).contains(LINE.substring(0, 80) + "\n" + LINE.substring(80) + "\nafter");

        var reply = daemon.client().call("pane.resize", Map.of("pane_id", pane, "cols", 55, "rows", 24));
        assertThat(reply.get("cols").asInt()).isEqualTo(55);

        String rewrapped = LINE.substring(0, 55) + "\n" + LINE.substring(55) + "\nafter";
        assertThat(daemon.tail(pane)).contains(rewrapped);
        try (ProtocolClient viewer = daemon.connect()) {
            JsonNode attached = viewer.call("pane.attach", Map.of("pane_id", pane));
            assertThat(attached.get("cols").asInt()).isEqualTo(55);
            byte[] snapshot = Base64.getDecoder().decode(attached.get("snapshot_b64").asString());
            Terminal shown = new Terminal(55, attached.get("rows").asInt(), new TerminalListener() { },
                RingLimits.defaults(), 0);
            shown.feed(snapshot, 0, snapshot.length);
            assertThat(shown.screen(false)).startsWith(rewrapped);
            assertThat(new String(snapshot, StandardCharsets.UTF_8)).doesNotContain(LINE.substring(0, 80));
        }

        daemon.client().call("pane.resize", Map.of("pane_id", pane, "cols", 120, "rows", 24));
        assertThat(daemon.tail(pane)).contains(LINE + "\nafter"); // widened: the line is one row again
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }
}
