package dev.signaltty.task;

import java.time.Duration;
import java.util.Map;

import dev.signaltty.support.ProtocolClient;

/** Waits for a pane to be gone from pane.get (NO_SUCH_PANE). */
final class ProtocolClientWait {

    private ProtocolClientWait() {
    }

    static void untilGone(TaskFixture f, String paneId) {
        ProtocolClient.eventually(Duration.ofSeconds(10),
                () -> !f.client.request("pane.get", Map.of("pane_id", paneId)).get("ok").asBoolean());
    }
}
