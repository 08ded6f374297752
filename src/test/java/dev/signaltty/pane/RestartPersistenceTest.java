package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** Workspaces, tabs, layouts and panes survive a daemon restart; pane.resume brings processes back. */
class RestartPersistenceTest {

    @Test
    void restoresTheSameIdsAndLayoutsAndResumesEveryPane(@TempDir Path root) {
        List<String> panes = new ArrayList<>();
        JsonNode tabsBefore;
        JsonNode workspacesBefore;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String first = client.call("workspace.create", Map.of("name", "Alpha", "cwd", root.toString()))
                    .get("workspace_id").asString();
            String second = client.call("workspace.create", Map.of("name", "Beta", "cwd", root.toString()))
                    .get("workspace_id").asString();
            String t1 = client.call("tab.create", Map.of("workspace_id", first, "name", "one")).get("tab_id").asString();
            String t2 = client.call("tab.create", Map.of("workspace_id", first, "name", "two")).get("tab_id").asString();
            String t3 = client.call("tab.create", Map.of("workspace_id", second, "name", "three")).get("tab_id").asString();
            for (String[] spot : new String[][] {{first, t1}, {first, t1}, {first, t2}, {second, t3}, {second, t3}}) {
                panes.add(client.call("pane.spawn", Map.of("workspace_id", spot[0], "tab_id", spot[1],
                        "argv", List.of("sh", "-c", "echo started-$SIGNALTTY_PANE-$MARK; sleep 300"),
                        "env", Map.of("MARK", "m-" + panes.size(), "SIGNALTTY_PERSIST_ENV", "MARK"))) // asked: issue 23
                        .get("pane_id").asString());
            }
            tabsBefore = client.call("tab.list", Map.of());
            workspacesBefore = client.call("workspace.list", Map.of());
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("workspace.list", Map.of())).isEqualTo(workspacesBefore);
            assertThat(client.call("tab.list", Map.of())).isEqualTo(tabsBefore);
            for (int i = 0; i < panes.size(); i++) {
                String pane = panes.get(i);
                String mark = "started-" + pane + "-m-" + i;
                JsonNode restored = client.call("pane.get", Map.of("pane_id", pane)).get("pane");
                assertThat(restored.get("status").asString()).isEqualTo("exited");
                assertThat(restored.get("output_offset").asLong()).as("offsets are not persisted").isZero(); // R302
                assertThat(client.errorCode("pane.write", Map.of("pane_id", pane, "data", "x"))).isEqualTo("PANE_EXITED");
                JsonNode resumed = client.call("pane.resume", Map.of("pane_id", pane)).get("pane");
                assertThat(resumed.get("status").asString()).isEqualTo("running");
                eventually(Duration.ofSeconds(10), () -> client.call("pane.read", Map.of("pane_id", pane))
                        .get("text").asString().contains(mark));
                assertThat(client.errorCode("pane.resume", Map.of("pane_id", pane))).isEqualTo("BAD_PARAMS");
            }
        }
    }
}
