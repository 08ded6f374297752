package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TypedEcho;

/**
 * Many panes flooding at once through the shared emulator threads (issue 24 item 3, ADR 0235), over the
 * real socket: an interactive pane's keystrokes still come back while they flood, and every flooding
 * pane's every byte reaches its emulator (exact {@code output_offset}). No timing is asserted; the
 * latency itself is a benchmark (`bench/run keys`).
 */
class FloodingNeighboursTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("floods");

    static final int FLOODS = 8;
    static final long BYTES = 3_000_000;

    @Test
    void echoesComeBackWhileNeighboursFloodAndEveryFloodedByteIsCounted() { // seed R294, seed R296
        List<String> floods = new ArrayList<>();
        for (int i = 0; i < FLOODS; i++) {
            // 'x' bytes only: the line discipline translates nothing, so the PTY carries exactly BYTES
            floods.add(daemon.spawnShell("head -c " + BYTES + " /dev/zero | tr '\\000' x"));
        }
        String cat = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("cat"))).get("pane_id").asString();
        try (ProtocolClient viewer = daemon.connect()) {
            viewer.call("pane.attach", Map.of("pane_id", cat));
            for (int key = 0; key < 20; key++) {
                TypedEcho.typeAndAwait(daemon.client(), viewer, cat, "key" + key + "!");
            }
        }
        for (String pane : floods) {
            daemon.awaitExited(pane, Duration.ofSeconds(120));
            // told exited only after the emulation drained: the offset is final then
            long offset = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();
            assertThat(offset).as("every byte of " + pane + " reached the emulator").isEqualTo(BYTES);
        }
        eventually(Duration.ofSeconds(30), () -> daemon.tail(floods.getFirst()).contains("xxxxxxxxxx"));
    }
}
