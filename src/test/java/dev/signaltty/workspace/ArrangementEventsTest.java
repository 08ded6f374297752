package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** The arrangement events through the real journal and a real subscription, in seq order. */
class ArrangementEventsTest {

    @Test
    void subscribersSeeTabAndPaneUpdatesInOrder(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect();
             ProtocolClient watcher = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "events", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            String a = first.get("pane_id").asString();
            String tab = first.get("tab_id").asString();
            String other = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
            String b = client.call("pane.spawn", Map.of("workspace_id", ws, "tab_id", other,
                    "argv", List.of("sleep", "300"))).get("pane_id").asString();
            watcher.call("subscribe", Map.of("events", List.of("tab.*", "pane.*")));

            client.call("pane.rename", Map.of("pane_id", a, "name", "lead"));
            client.call("pane.rename", Map.of("pane_id", a, "name", "lead")); // nothing changes, nothing emitted
            client.call("pane.move", Map.of("pane_id", b, "target_pane_id", "lead", "direction", "down"));
            client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(), "ratio", 0.25));

            List<String> seen = new ArrayList<>();
            long lastSeq = 0;
            for (int i = 0; i < 5; i++) {
                JsonNode event = watcher.nextEvent();
                assertThat(event.get("seq").asLong()).isGreaterThan(lastSeq);
                lastSeq = event.get("seq").asLong();
                seen.add(event.get("event").asString());
                if (i == 4) {
                    assertThat(event.get("payload").get("layout").get("ratio").asDouble()).isEqualTo(0.25);
                }
            }
            assertThat(seen).containsExactly("pane.updated", "tab.updated", "tab.updated", "pane.updated", "tab.updated");
        }
    }
}
