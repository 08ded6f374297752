package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * tab.focus through a real daemon: the focused pane every client of a tab shares (ADR 1010), its
 * errors, its echo, and where the focus goes when the focused pane leaves the tab.
 */
class TabFocusTest extends LayoutDaemonTest {

    String ws;
    String tab;
    String a;
    String b;
    String c;

    /** right(a, down(b, c)), c focused (the last split). */
    @BeforeEach
    void threePanes() {
        ws = workspace();
        JsonNode first = spawn(ws, Map.of());
        a = first.get("pane_id").asString();
        tab = first.get("tab_id").asString();
        b = split(a, "right", Map.of()).get("pane_id").asString();
        c = split(b, "down", Map.of()).get("pane_id").asString();
    }

    @Test
    void focusesAPaneByIdOrNameAndEchoesTabUpdatedOnlyWhenTheFocusMoves() {
        long mark = log.mark();
        JsonNode result = client.call("tab.focus", Map.of("tab_id", tab, "pane_id", a));
        assertThat(result.get("focused_pane_id").asString()).isEqualTo(a);
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(a);
        assertThat(names(log.since(mark))).containsExactly("tab.updated");
        assertThat(log.since(mark).getFirst().payload().get("focused_pane_id").asString()).isEqualTo(a);

        mark = log.mark();
        assertThat(client.call("tab.focus", Map.of("tab_id", tab, "pane_id", a)).get("focused_pane_id").asString())
                .isEqualTo(a);
        assertThat(log.since(mark)).as("focusing the focused pane").isEmpty();

        client.call("pane.rename", Map.of("pane_id", b, "name", "top"));
        assertThat(client.call("tab.focus", Map.of("tab_id", tab, "pane_id", "top")).get("focused_pane_id").asString())
                .isEqualTo(b);
    }

    @Test
    void refusesAnUnknownTabAnUnknownPaneAndAPaneOfAnotherTabNamingTheField() {
        JsonNode before = state(ws);
        long mark = log.mark();
        JsonNode noTab = client.request("tab.focus", Map.of("tab_id", "tab_gone", "pane_id", a));
        assertThat(noTab.get("error").get("code").asString()).isEqualTo("NO_SUCH_TAB");
        assertThat(noTab.get("error").get("details").get("tab_id").asString()).isEqualTo("tab_gone");
        JsonNode noPane = client.request("tab.focus", Map.of("tab_id", tab, "pane_id", "pane_gone"));
        assertThat(noPane.get("error").get("code").asString()).isEqualTo("NO_SUCH_PANE");
        assertThat(noPane.get("error").get("details").get("pane_id").asString()).isEqualTo("pane_gone");
        assertThat(log.since(mark)).isEmpty();

        String elsewhere = spawn(ws, Map.of("tab_id", client.call("tab.create", Map.of("workspace_id", ws))
                .get("tab_id").asString())).get("pane_id").asString();
        assertRejectedUnchanged(ws, "pane_id", "tab.focus", Map.of("tab_id", tab, "pane_id", elsewhere));
        assertRejectedUnchanged(ws, "pane_id", "tab.focus", Map.of("tab_id", tab));
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(before.get("tabs").get(0)
                .get("focused_pane_id").asString());
    }

    @Test
    void closingTheFocusedPaneFocusesThePaneFocusedBeforeIt() {
        String d = split(c, "right", Map.of()).get("pane_id").asString(); // right(a, down(b, right(c, d)))
        client.call("tab.focus", Map.of("tab_id", tab, "pane_id", b));
        client.call("tab.focus", Map.of("tab_id", tab, "pane_id", d));
        client.call("pane.close", Map.of("pane_id", d));
        // b, focused before d: not c, which takes d's space, nor a, the tab's first pane (tmux's last pane)
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(b);
    }

    @Test
    void closingTheFocusedPaneWhenThePaneFocusedBeforeIsGoneFocusesTheOneThatTakesItsSpace() {
        String d = split(c, "right", Map.of()).get("pane_id").asString(); // right(a, down(b, right(c, d))), d focused
        client.call("pane.close", Map.of("pane_id", c)); // c, focused before d, is gone
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(d);
        client.call("pane.close", Map.of("pane_id", d));
        // b grows down into d's space; a, the tab's first pane, is far from it
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(b);
    }

    /**
     * The pane focused before is the tab's, told with the focus, so a view opened later has the prefix
     * then ; go where the focus was (ADR 1145); a pane that left the tab is no such pane.
     */
    @Test
    void tabGetAndTabUpdatedTellThePaneFocusedBeforeWhileItIsInTheTab() {
        assertThat(tab(tab).get("previous_focused_pane_id").asString()).as("b, focused before c's split").isEqualTo(b);
        long mark = log.mark();
        JsonNode result = client.call("tab.focus", Map.of("tab_id", tab, "pane_id", a));
        assertThat(result.get("previous_focused_pane_id").asString()).isEqualTo(c);
        assertThat(log.since(mark).getFirst().payload().get("previous_focused_pane_id").asString()).isEqualTo(c);
        assertThat(tab(tab).get("previous_focused_pane_id").asString()).isEqualTo(c);

        client.call("pane.close", Map.of("pane_id", c));
        assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(a);
        assertThat(tab(tab).has("previous_focused_pane_id")).as("c is gone").isFalse();
    }
}
