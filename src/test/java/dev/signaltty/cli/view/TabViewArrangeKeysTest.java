package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * The tmux prefix keys the tab view lacked (ADR 0920), through the real CLI, daemon and an outer tmux:
 * {@code {}/{@code }} swap-pane, {@code C-o}/{@code M-o} rotate-window, Space and {@code M-5} layouts,
 * {@code !} break-pane, {@code ,} the tab's name, {@code .} the pane's, {@code $} the workspace's,
 * {@code q} the panes' numbers and a digit, {@code f} find by name.
 */
class TabViewArrangeKeysTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("arrangews");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    /** The tab's panes in layout order (first before second), as the daemon keeps them. */
    private static List<String> leaves(String tab) {
        List<String> out = new ArrayList<>();
        collect(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout"), out);
        return out;
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.has("pane_id")) {
            out.add(node.get("pane_id").asString());
        } else {
            collect(node.get("first"), out);
            collect(node.get("second"), out);
        }
    }

    private static JsonNode layout(String tab) {
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout");
    }

    private static void prefix(OuterTmux tmux, String... keys) {
        tmux.keys("C-b");
        tmux.keys(keys);
    }

    @Test
    void bracesSwapCtrlORotatesSpaceAndAltFiveLayOutAndBangBreaksThePaneIntoItsOwnTab() throws Exception {
        String ws = bench.workspace("swapws");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "a"));
        String tab = bench.tabOf(a);
        String b = bench.split(a, "right", "b", "sh", "-c", "echo B-READY; exec cat");
        String c = bench.split(b, "down", "c", "sh", "-c", "echo C-READY; exec cat");
        assertThat(leaves(tab)).containsExactly(a, b, c);

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "three panes, c focused", s -> s.contains("A-READY") && s.contains("B-READY")
                    && s.contains("C-READY") && statusLine(s).contains("*c"));

            // { swaps the focused pane with the one before it, } with the one after; the focus goes with it
            prefix(tmux, "{");
            eventually(WAIT, () -> leaves(tab).equals(List.of(a, c, b)));
            tmux.await(WAIT, "c still focused", s -> statusLine(s).contains("*c"));
            prefix(tmux, "}");
            eventually(WAIT, () -> leaves(tab).equals(List.of(a, b, c)));

            // C-o: every pane one place back, the first to the end; the focus stays on its place (now a's)
            prefix(tmux, "C-o");
            eventually(WAIT, () -> leaves(tab).equals(List.of(b, c, a)));
            tmux.await(WAIT, "the focus on the last place, now a", s -> statusLine(s).contains("*a"));
            assertThat(layout(tab).get("direction").asString()).isEqualTo("right"); // the shape kept
            prefix(tmux, "M-o");
            eventually(WAIT, () -> leaves(tab).equals(List.of(a, b, c)));
            tmux.await(WAIT, "the focus on the last place, c again", s -> statusLine(s).contains("*c"));

            // Space: tmux's layouts in tmux's order, even-horizontal first, then even-vertical; M-5 tiled
            prefix(tmux, "Space");
            tmux.await(WAIT, "even-horizontal", s -> statusLine(s).contains("layout even-horizontal"));
            eventually(WAIT, () -> layout(tab).get("direction").asString().equals("right")
                    && layout(tab).get("second").get("direction").asString().equals("right"));
            prefix(tmux, "Space");
            tmux.await(WAIT, "even-vertical", s -> statusLine(s).contains("layout even-vertical"));
            eventually(WAIT, () -> layout(tab).get("direction").asString().equals("down")
                    && layout(tab).get("second").get("direction").asString().equals("down"));
            prefix(tmux, "M-5");
            tmux.await(WAIT, "tiled", s -> statusLine(s).contains("layout tiled"));
            eventually(WAIT, () -> layout(tab).get("direction").asString().equals("down")
                    && layout(tab).get("first").get("direction").asString().equals("right"));
            assertThat(leaves(tab)).containsExactly(a, b, c);

            // !: c alone in a new tab named after it, shown; the old tab keeps a and b
            prefix(tmux, "!");
            tmux.await(WAIT, "c in its own tab", s -> statusLine(s).contains("1:c*") && s.contains("C-READY")
                    && !s.contains("A-READY"));
            String cTab = bench.tabOf(c);
            assertThat(cTab).isNotEqualTo(tab);
            assertThat(leaves(cTab)).containsExactly(c);
            assertThat(leaves(tab)).containsExactly(a, b);
            assertThat(daemon.client().call("pane.list", Map.of("workspace_id", ws)).get("panes").size())
                    .isEqualTo(3); // the stand-in pane is gone
            // the only pane of its tab: nothing to break out
            prefix(tmux, "!");
            tmux.await(WAIT, "refused", s -> statusLine(s).contains("the only pane of its tab"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void commaRenamesTheTabDotThePaneDollarTheWorkspaceQNumbersThePanesAndFFindsByName() throws Exception {
        String ws = bench.workspace("namesws");
        String first = bench.spawn(ws, Map.of(), "sh", "-c", "echo FIRST-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", first, "name", "first"));
        String tab = bench.tabOf(first);
        daemon.client().call("tab.rename", Map.of("tab_id", tab, "name", "t"));
        String second = bench.split(first, "right", "second", "sh", "-c", "echo SECOND-READY; exec cat");
        String far = bench.workspace("farnames");
        String needle = bench.spawn(far, Map.of(), "sh", "-c", "echo NEEDLE-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", needle, "name", "needle"));

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "both panes, second focused", s -> s.contains("FIRST-READY") && s.contains("SECOND-READY")
                    && statusLine(s).contains("*second"));

            // , offers the tab's name to edit, as tmux's rename-window
            prefix(tmux, ",");
            tmux.await(WAIT, "the tab's name offered", s -> statusLine(s).contains("rename tab: t"));
            tmux.keys("BSpace");
            tmux.literal("review");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString().equals("review"));
            tmux.await(WAIT, "the tab renamed", s -> statusLine(s).contains("0:review"));

            // . the focused pane's name; $ the workspace's (its handle stays)
            prefix(tmux, ".");
            tmux.await(WAIT, "the pane's name offered", s -> statusLine(s).contains("rename pane: second"));
            tmux.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace");
            tmux.literal("build");
            tmux.keys("Enter");
            tmux.await(WAIT, "the pane renamed", s -> statusLine(s).contains("*build"));
            assertThat(daemon.client().call("pane.get", Map.of("pane_id", second)).get("pane").get("name").asString())
                    .isEqualTo("build");
            prefix(tmux, "$");
            tmux.await(WAIT, "the workspace's name offered", s -> statusLine(s).contains("rename workspace: namesws"));
            tmux.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace");
            tmux.literal("desk");
            tmux.keys("Enter");
            tmux.await(WAIT, "the workspace renamed", s -> statusLine(s).contains("desk »"));

            // q then a digit focuses that pane (sent together: the numbers stay only a few seconds, PaneNumbersTest
            // checks where they are drawn)
            tmux.keys("C-b", "q", "0");
            tmux.await(WAIT, "the first pane focused", s -> statusLine(s).contains("*first"));
            tmux.keys("C-b", "q", "1");
            tmux.await(WAIT, "pane 1 focused", s -> statusLine(s).contains("*build"));
            // a number no pane has is named; the focus stays
            tmux.keys("C-b", "q", "7");
            tmux.await(WAIT, "no pane 7", s -> statusLine(s).contains("no pane 7 (panes 0-1)"));

            // f: a name found once is shown at once, in any workspace; none found says so
            prefix(tmux, "f");
            tmux.literal("zzz");
            tmux.keys("Enter");
            tmux.await(WAIT, "nothing found", s -> statusLine(s).contains("no tab or pane name has 'zzz' in it"));
            prefix(tmux, "f");
            tmux.literal("i");
            tmux.keys("Enter");
            // several names have an i (the tab review, the panes first and build; needle not): a list to choose from
            tmux.await(WAIT, "a list of what was found", s -> s.contains("3 found for 'i'") && s.contains("first")
                    && s.contains("build") && !TabViewFleetChooserTest.box(s).contains("needle"));
            tmux.keys("Escape");
            tmux.await(WAIT, "the list closed", s -> !s.contains("found for")); // Esc then C-b at once would be M-C-b
            prefix(tmux, "f");
            tmux.literal("NEEDL");
            tmux.keys("Enter");
            tmux.await(WAIT, "the far workspace's pane", s -> s.contains("NEEDLE-READY") && statusLine(s).contains("farnames »")
                    && statusLine(s).contains("*needle"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
        daemon.client().call("workspace.close", Map.of("workspace_id", far));
    }
}
