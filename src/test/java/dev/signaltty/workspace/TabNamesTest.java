package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * A tab's name in place of its id (ADR 1120), through a real daemon: a name one tab holds, a name several
 * hold (refused naming them), {@code WORKSPACE:NAME}, and a real id winning over a name. Tab names repeat
 * between tests of this class (one daemon), so each test makes names of its own.
 */
class TabNamesTest extends LayoutDaemonTest {

    String handle(String ws) {
        return client.call("workspace.get", Map.of("workspace_id", ws)).get("handle").asString();
    }

    @Test
    void aNameOneTabHoldsGoesWhereverATabIdGoes() {
        String ws = workspace();
        String tab = client.call("tab.create", Map.of("workspace_id", ws, "name", "review")).get("tab_id").asString();
        assertThat(tab("review").get("tab_id").asString()).isEqualTo(tab);

        JsonNode a = spawn(ws, Map.of("tab_id", "review"));
        assertThat(a.get("tab_id").asString()).as("the pane records the id, not the name").isEqualTo(tab);
        String b = split(a.get("pane_id").asString(), "right", Map.of()).get("pane_id").asString();
        assertThat(client.call("pane.list", Map.of("tab_id", "review")).get("panes")).hasSize(2);
        client.call("tab.set_ratio", Map.of("tab_id", "review", "path", List.of(), "ratio", 0.3));
        assertThat(tab(tab).get("layout").get("ratio").asDouble()).isEqualTo(0.3);
        client.call("tab.focus", Map.of("tab_id", "review", "pane_id", a.get("pane_id").asString()));
        client.call("tab.set_layout", Map.of("tab_id", "review",
                "layout", node("down", 0.5, leaf(b), leaf(a.get("pane_id").asString()))));
        assertThat(tab(tab).get("layout").get("direction").asString()).isEqualTo("down");

        JsonNode renamed = client.call("tab.rename", Map.of("tab_id", "review", "name", "review-2"));
        assertThat(renamed.get("tab_id").asString()).isEqualTo(tab);
        assertThat(client.call("tab.close", Map.of("tab_id", "review-2")).get("tab_id").asString()).isEqualTo(tab);
        assertThat(client.errorCode("tab.get", Map.of("tab_id", "review-2"))).isEqualTo("NO_SUCH_TAB"); // seed R309
    }

    @Test
    void aNameSeveralTabsHoldIsRefusedNamingEachUnlessTheWorkspaceTellsThemApart() {
        String first = workspace();
        String second = workspace();
        String tabOfFirst = client.call("tab.create", Map.of("workspace_id", first, "name", "build")).get("tab_id").asString();
        String tabOfSecond = client.call("tab.create", Map.of("workspace_id", second, "name", "build")).get("tab_id")
                .asString();

        JsonNode refused = client.request("tab.get", Map.of("tab_id", "build"));
        JsonNode error = refused.get("error");
        assertThat(error.get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(error.get("details").get("field").asString()).isEqualTo("tab_id");
        assertThat(error.get("message").asString()).startsWith("tab_id: 'build' is the name of 2 tabs: ")
                .contains(tabOfFirst + " (workspace " + handle(first) + ")")
                .contains(tabOfSecond + " (workspace " + handle(second) + ")")
                .endsWith("give a tab id, or WORKSPACE:NAME");
        assertThat(error.get("details").get("tab_ids").values().stream().map(JsonNode::asString).toList())
                .containsExactlyInAnyOrder(tabOfFirst, tabOfSecond);

        assertThat(tab(handle(second) + ":build").get("tab_id").asString()).isEqualTo(tabOfSecond);
        assertThat(tab(first + ":build").get("tab_id").asString()).isEqualTo(tabOfFirst);
        // a request that names the workspace looks for the name among its tabs
        String spawned = spawn(second, Map.of("tab_id", "build")).get("pane_id").asString();
        assertThat(pane(spawned).get("tab_id").asString()).isEqualTo(tabOfSecond);
        JsonNode listed = client.call("pane.list", Map.of("workspace_id", second, "tab_id", "build")).get("panes");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("pane_id").asString()).isEqualTo(spawned);
        assertThat(client.errorCode("tab.get", Map.of("tab_id", handle(first) + ":no-such"))).isEqualTo("NO_SUCH_TAB");
        assertThat(client.errorCode("tab.get", Map.of("tab_id", "no-such-ws:build"))).isEqualTo("NO_SUCH_TAB");
    }

    @Test
    void aTabNamedInAnotherWorkspaceIsRefusedForASpawn() { // seed R215
        String mine = workspace();
        String other = workspace();
        client.call("tab.create", Map.of("workspace_id", other, "name", "elsewhere"));
        JsonNode refused = client.request("pane.spawn", Map.of("workspace_id", mine, "tab_id", "elsewhere",
                "argv", List.of("sleep", "600")));
        assertThat(refused.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(refused.get("error").get("details").get("field").asString()).isEqualTo("tab_id");
        assertThat(panes(mine)).isEmpty();
    }

    @Test
    void aRealTabIdWinsOverAName() {
        String ws = workspace();
        String a = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
        String b = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
        client.call("tab.rename", Map.of("tab_id", b, "name", a));
        assertThat(tab(a).get("tab_id").asString()).isEqualTo(a);
        client.call("tab.close", Map.of("tab_id", a));
        assertThat(tab(a).get("tab_id").asString()).isEqualTo(b); // once the id is gone, the name answers
    }
}
