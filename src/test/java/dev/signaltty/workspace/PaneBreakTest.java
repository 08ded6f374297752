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

/**
 * pane.break (tmux's break-pane) through the real socket: the pane alone in a new tab of its workspace in one step,
 * its process untouched, the old tab collapsed around it; refusals change nothing; a restart keeps the result.
 */
class PaneBreakTest {

    @Test
    void movesThePaneIntoANewTabOfItsOwnInOneStep(@TempDir Path root) { // seed R233 (pane.move's rules, kept by pane.break)
        String a;
        String b;
        String newTab;
        JsonNode tabsBefore;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect();
             ProtocolClient watcher = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "brk", "cwd", root.toString()))
                    .get("workspace_id").asString();
            JsonNode first = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")));
            a = first.get("pane_id").asString();
            String tab = first.get("tab_id").asString();
            JsonNode split = client.call("pane.split", Map.of("pane_id", a, "direction", "right",
                    "argv", List.of("sh", "-c", "echo before; read x; echo \"after $x\"; exec sleep 300")));
            b = split.get("pane_id").asString();
            long pid = client.call("pane.get", Map.of("pane_id", b)).get("pane").get("pid").asLong();
            ProtocolClient.eventually(WAIT, () -> screen(client, b).contains("before"));
            watcher.call("subscribe", Map.of("events", List.of("tab.*", "pane.*")));

            JsonNode broken = client.call("pane.break", Map.of("pane_id", b, "name", "solo"));

            newTab = broken.get("tab_id").asString();
            assertThat(newTab).isNotEqualTo(tab);
            assertThat(broken.get("tab_name").asString()).isEqualTo("solo");
            assertThat(broken.get("pane").get("tab_id").asString()).isEqualTo(newTab);
            JsonNode moved = client.call("tab.get", Map.of("tab_id", newTab));
            assertThat(moved.get("workspace_id").asString()).isEqualTo(ws);
            assertThat(moved.get("layout").get("pane_id").asString()).isEqualTo(b);
            assertThat(moved.get("focused_pane_id").asString()).isEqualTo(b);
            JsonNode old = client.call("tab.get", Map.of("tab_id", tab));
            assertThat(old.get("layout").get("pane_id").asString()).isEqualTo(a); // the split collapsed: seed R238
            assertThat(old.get("focused_pane_id").asString()).isEqualTo(a);

            // the process is the same one, still reading its terminal
            assertThat(client.call("pane.get", Map.of("pane_id", b)).get("pane").get("pid").asLong()).isEqualTo(pid);
            client.call("pane.write", Map.of("pane_id", b, "data", "there\r"));
            ProtocolClient.eventually(WAIT, () -> screen(client, b).contains("after there"));

            // seed R240
            // seed R241
            // one tab made, no other pane started (the view once spawned a stand-in `sleep` to move beside)
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                JsonNode event = watcher.nextEvent();
                seen.add(event.get("event").asString() + " " + event.get("payload").path("tab_id").asString(""));
            }
            assertThat(seen).containsExactly("tab.created " + newTab, "tab.updated " + tab, "tab.updated " + newTab,
                    "pane.updated " + newTab);
            assertThat(client.call("pane.list", Map.of("workspace_id", ws)).get("panes").size()).isEqualTo(2);
            tabsBefore = client.call("tab.list", Map.of());
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("tab.list", Map.of())).isEqualTo(tabsBefore);
            assertThat(client.call("pane.get", Map.of("pane_id", b)).get("pane").get("tab_id").asString())
                    .isEqualTo(newTab);
        }
    }

    @Test
    void refusesWhatItCannotDoAndChangesNothing(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "brk", "cwd", root.toString()))
                    .get("workspace_id").asString();
            String a = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            JsonNode tabs = client.call("tab.list", Map.of());

            JsonNode only = client.request("pane.break", Map.of("pane_id", a)).get("error");
            assertThat(only.get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(only.get("message").asString()).contains("pane_id").contains("only pane");
            assertThat(client.errorCode("pane.break", Map.of("pane_id", "p-nope"))).isEqualTo("NO_SUCH_PANE");
            String b = client.call("pane.split", Map.of("pane_id", a, "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            JsonNode afterSplit = client.call("tab.list", Map.of());
            JsonNode blank = client.request("pane.break", Map.of("pane_id", b, "name", " ")).get("error");
            assertThat(blank.get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(blank.get("message").asString()).contains("name");
            assertThat(client.errorCode("pane.break", Map.of("pane_id", b, "name", "a\nb"))).isEqualTo("BAD_PARAMS");
            assertThat(client.errorCode("pane.break", Map.of())).isEqualTo("BAD_PARAMS");

            assertThat(tabs.get("tabs").size()).isEqualTo(1);
            assertThat(client.call("tab.list", Map.of())).isEqualTo(afterSplit); // no tab made by a refusal
        }
    }

    private static final java.time.Duration WAIT = java.time.Duration.ofSeconds(30);

    private static String screen(ProtocolClient client, String pane) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }
}
