package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * A tab holds at most 128 panes. Without the cap a client could split one tab until its layout tree
 * (as deep as its panes) passed the journal's JSON nesting limit at about 250 panes: the journal write
 * failed and the daemon stopped itself. The 129th pane is refused before anything is launched, and the
 * daemon goes on journaling.
 */
class TabPaneCapTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("cap");

    @Test
    void the129thPaneOfATabIsRefusedNamingTheTabAndNothingIsLaunched() {
        String ws = daemon.workspace();
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
        String last = null;
        for (int i = 0; i < 128; i++) {
            // each new pane splits the focused one, the newest: the deepest tree a tab can get
            last = daemon.client().call("pane.spawn", Map.of("workspace_id", ws, "tab_id", tab,
                    "argv", List.of("sleep", "600"))).get("pane_id").asString();
        }
        int panesBefore = daemon.client().call("pane.list", Map.of()).get("panes").size();

        JsonNode refused = daemon.client().request("pane.split", Map.of("pane_id", last, "direction", "down",
                "argv", List.of("sleep", "600")));
        assertThat(refused.get("ok").asBoolean()).isFalse();
        assertThat(refused.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(refused.get("error").get("details").get("field").asString()).isEqualTo("tab_id");
        assertThat(refused.get("error").get("message").asString()).contains(tab).contains("128");
        assertThat(daemon.client().errorCode("pane.spawn", Map.of("workspace_id", ws, "tab_id", tab,
                "argv", List.of("sleep", "600")))).isEqualTo("BAD_PARAMS");

        // nothing half done: no pane was added, and the journal still takes structural changes
        assertThat(daemon.client().call("pane.list", Map.of()).get("panes").size()).isEqualTo(panesBefore);
        assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(128);
        daemon.client().call("tab.rename", Map.of("tab_id", tab, "name", "full"));
        String other = daemon.client().call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
        assertThat(daemon.client().call("pane.spawn", Map.of("workspace_id", ws, "tab_id", other,
                "argv", List.of("sleep", "600"))).get("pane_id").asString()).startsWith("pane_");
    }
}
