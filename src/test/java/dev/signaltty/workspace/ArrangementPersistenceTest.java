package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Names, splits and moves made by the arrangement methods survive a daemon restart. */
class ArrangementPersistenceTest {

    @Test
    void keepsNamesTreesAndPanesTabsAcrossARestart(@TempDir Path root) { // seed R231
        String a;
        String b;
        JsonNode tabsBefore;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "keep", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            a = first.get("pane_id").asString();
            b = client.call("pane.split", Map.of("pane_id", a, "direction", "down", "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            client.call("pane.split", Map.of("pane_id", b, "direction", "right", "ratio", 0.3,
                    "argv", List.of("sleep", "300")));
            String other = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
            String d = client.call("pane.spawn", Map.of("workspace_id", ws, "tab_id", other,
                    "argv", List.of("sleep", "300"))).get("pane_id").asString();
            client.call("pane.rename", Map.of("pane_id", a, "name", "lead"));
            client.call("pane.move", Map.of("pane_id", b, "target_pane_id", d, "direction", "down"));
            tabsBefore = client.call("tab.list", Map.of());
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("tab.list", Map.of())).isEqualTo(tabsBefore);
            assertThat(client.call("pane.get", Map.of("pane_id", "lead")).get("pane").get("pane_id").asString())
                    .isEqualTo(a);
            JsonNode moved = client.call("pane.get", Map.of("pane_id", b)).get("pane");
            assertThat(moved.get("tab_id").asString()).isNotEqualTo(
                    client.call("pane.get", Map.of("pane_id", a)).get("pane").get("tab_id").asString());
            assertThat(client.errorCode("pane.rename", Map.of("pane_id", b, "name", "lead"))).isEqualTo("BAD_PARAMS");
        }
    }

    @Test
    void keepsTheFocusSetByTabFocusAcrossARestart(@TempDir Path root) {
        String a;
        String tab;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "focus", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            a = first.get("pane_id").asString();
            tab = first.get("tab_id").asString();
            client.call("pane.split", Map.of("pane_id", a, "direction", "down", "argv", List.of("sleep", "300")));
            client.call("tab.focus", Map.of("tab_id", tab, "pane_id", a)); // the split focused the new pane
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("tab.get", Map.of("tab_id", tab)).get("focused_pane_id").asString()).isEqualTo(a);
        }
    }

    @Test
    void keepsPanesSplitInLeftAndAboveAcrossARestart(@TempDir Path root) { // ADR 1121
        String a;
        String left;
        String above;
        String tab;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "before", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            a = first.get("pane_id").asString();
            tab = first.get("tab_id").asString();
            left = client.call("pane.split", Map.of("pane_id", a, "direction", "left", "ratio", 0.7,
                    "argv", List.of("sleep", "300"))).get("pane_id").asString();
            above = client.call("pane.split", Map.of("pane_id", a, "direction", "up", "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode layout = client.call("tab.get", Map.of("tab_id", tab)).get("layout");
            assertThat(layout.get("direction").asString()).isEqualTo("right");
            assertThat(layout.get("ratio").asDouble()).isEqualTo(0.3, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(layout.get("first").get("pane_id").asString()).isEqualTo(left);
            assertThat(layout.get("second").get("direction").asString()).isEqualTo("down");
            assertThat(layout.get("second").get("first").get("pane_id").asString()).isEqualTo(above);
            assertThat(layout.get("second").get("second").get("pane_id").asString()).isEqualTo(a);
        }
    }

    @Test
    void aPaneWhoseTabIsGoneIsNotRestoredIntoATabNamedLikeThatTabsId(@TempDir Path root) throws Exception { // ADR 1120
        String pane;
        String gone;
        String namedLikeIt;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "lookalike", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            pane = first.get("pane_id").asString();
            gone = first.get("tab_id").asString();
            namedLikeIt = client.call("tab.create", Map.of("workspace_id", ws, "name", gone)).get("tab_id").asString();
        }
        // as if the daemon died after saving the tabs without the pane's tab but before saving the panes
        Path workspaces = root.resolve("state/signaltty/snapshot/workspaces.json");
        ObjectNode document = (ObjectNode) ProtocolJson.MAPPER.readTree(Files.readString(workspaces));
        ObjectNode workspace = (ObjectNode) document.get("workspaces").get(0);
        ArrayNode kept = ProtocolJson.MAPPER.createArrayNode();
        workspace.get("tabs").forEach(t -> {
            if (!t.get("tab_id").asString().equals(gone)) {
                kept.add(t);
            }
        });
        workspace.set("tabs", kept);
        Files.writeString(workspaces, document.toString());
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.errorCode("pane.get", Map.of("pane_id", pane))).isEqualTo("NO_SUCH_PANE");
            assertThat(client.call("tab.get", Map.of("tab_id", namedLikeIt)).get("pane_ids")).isEmpty();
        }
    }

    @Test
    void repairsLayoutsThatDisagreeWithTheRestoredPanes(@TempDir Path root) throws Exception {
        String a;
        String b;
        String tab;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "crash", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            a = first.get("pane_id").asString();
            tab = first.get("tab_id").asString();
            b = client.call("pane.split", Map.of("pane_id", a, "direction", "down", "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
        }
        // as if the daemon died after saving the layouts but before saving pane b
        Path panes = root.resolve("state/signaltty/snapshot/panes.json");
        ObjectNode document = (ObjectNode) ProtocolJson.MAPPER.readTree(Files.readString(panes));
        ArrayNode kept = ProtocolJson.MAPPER.createArrayNode();
        document.get("panes").forEach(p -> {
            if (!p.get("pane_id").asString().equals(b)) {
                kept.add(p);
            }
        });
        document.set("panes", kept);
        Files.writeString(panes, document.toString());
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode repaired = client.call("tab.get", Map.of("tab_id", tab));
            assertThat(repaired.get("layout").get("pane_id").asString()).isEqualTo(a);
            assertThat(repaired.get("focused_pane_id").asString()).isEqualTo(a);
            assertThat(client.errorCode("pane.get", Map.of("pane_id", b))).isEqualTo("NO_SUCH_PANE");
        }
    }
}
