package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

class WorkspaceHandlesTest {

    @Test
    // seed R161, seed R162, seed R163, seed R164, seed R165, seed R166, seed R17
    void derivesImmutableHandlesAndResolvesIdsBeforeHandles(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode first = client.call("workspace.create", Map.of("name", "My API!!", "cwd", root.toString()));
            JsonNode second = client.call("workspace.create", Map.of("name", "my api", "cwd", root.toString()));
            assertThat(first.get("handle").asString()).isEqualTo("my-api");
            assertThat(second.get("handle").asString()).isEqualTo("my-api-2");
            assertThat(first.get("workspace_id").asString()).startsWith("ws_").contains("_");
            assertThat(first.get("handle").asString()).doesNotContain("_");

            JsonNode renamed = client.call("workspace.rename", Map.of("workspace_id", "my-api", "name", "Other"));
            assertThat(renamed.get("name").asString()).isEqualTo("Other");
            assertThat(renamed.get("handle").asString()).isEqualTo("my-api");
            String id = first.get("workspace_id").asString();
            assertThat(client.call("workspace.get", Map.of("workspace_id", id)).get("name").asString()).isEqualTo("Other");

            JsonNode tab = client.call("tab.create", Map.of("workspace_id", "my-api-2", "name", "build"));
            assertThat(tab.get("tab_id").asString()).startsWith("tab_");
            assertThat(client.call("tab.rename", Map.of("tab_id", tab.get("tab_id").asString(), "name", "b2"))
                    .get("name").asString()).isEqualTo("b2");
            String pane = client.call("pane.spawn", Map.of("workspace_id", "my-api-2",
                    "tab_id", tab.get("tab_id").asString(), "argv", List.of("sleep", "60"))).get("pane_id").asString();
            client.call("workspace.close", Map.of("workspace_id", "my-api-2"));
            assertThat(client.errorCode("pane.get", Map.of("pane_id", pane))).isEqualTo("NO_SUCH_PANE");
            assertThat(client.errorCode("tab.get", Map.of("tab_id", tab.get("tab_id").asString()))).isEqualTo("NO_SUCH_TAB");
            assertThat(client.errorCode("workspace.get", Map.of("workspace_id", "my-api-2"))).isEqualTo("NO_SUCH_WORKSPACE");
        }
    }
}
