package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * More of a tmux user's window keys in {@code signaltty view} (ADR 0860), through the real CLI,
 * daemon and an outer tmux: the prefix then ' for a tab past 9, l for the last tab, w for the tab
 * chooser, & to close a tab with its panes, a click on a tab in the status line, copy mode's word
 * motions, and a tab name that ends in a flag character quoted.
 */
class TabViewTabKeysTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("tabkeysws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    @Test
    void quoteReachesTabElevenLGoesBackWChoosesAClickShowsATabAndCopyModeMovesByWords() throws Exception {
        String ws = bench.workspace("twelve");
        String first = bench.spawn(ws, Map.of(), "sh", "-c", "echo TAB-0-READY alpha beta-gamma.delta; exec cat");
        daemon.client().call("tab.rename", Map.of("tab_id", bench.tabOf(first), "name", "t0"));
        for (int i = 1; i < 12; i++) {
            bench.spawn(ws, Map.of("tab_id", bench.tab(ws, i == 3 ? "wip?" : "t" + i)), "sh", "-c", "echo TAB-" + i + "-READY; exec cat");
        }

        try (OuterTmux tmux = OuterTmux.start(temp, 200, 16, bench.view(temp, ws))) {
            // a name ending in a flag character is quoted: wip? has no decision waiting
            tmux.await(WAIT, "tab 0", s -> s.contains("TAB-0-READY") && statusLine(s).contains("» 0:t0* 1:t1 2:t2 3:\"wip?\" 4:t4 "));
            // ' asks for the index: 11, which no digit reaches
            tmux.keys("C-b");
            tmux.keys("'");
            tmux.await(WAIT, "the prompt", s -> statusLine(s).contains("tab index:"));
            tmux.literal("11");
            tmux.keys("Enter");
            tmux.await(WAIT, "tab 11", s -> s.contains("TAB-11-READY") && statusLine(s).contains(" 0:t0- ")
                    && statusLine(s).contains(" 11:t11* "));
            // an index no tab has, and no index at all: named on the status line, the tab stays
            tmux.keys("C-b");
            tmux.keys("'");
            tmux.literal("12");
            tmux.keys("Enter");
            tmux.await(WAIT, "no tab 12", s -> statusLine(s).contains("no tab 12 (tabs 0-11)") && s.contains("TAB-11-READY"));
            tmux.keys("C-b");
            tmux.keys("'");
            tmux.literal("x1");
            tmux.keys("Enter");
            tmux.await(WAIT, "not an index", s -> statusLine(s).contains("not a tab index: 'x1'"));

            // l: the last tab, and back again
            tmux.keys("C-b");
            tmux.keys("l");
            tmux.await(WAIT, "tab 0 again", s -> s.contains("TAB-0-READY") && statusLine(s).contains(" 11:t11- "));
            tmux.keys("C-b");
            tmux.keys("l");
            tmux.await(WAIT, "tab 11 again", s -> s.contains("TAB-11-READY") && statusLine(s).contains(" 0:t0- "));

            // w: the chooser, on the tab shown; k twice and Enter shows tab 9; q leaves without a change
            tmux.keys("C-b");
            tmux.keys("w");
            tmux.await(WAIT, "the chooser", s -> s.contains("choose a tab") && s.contains("11:t11* ")
                    && s.contains(" 2:t2 ") && s.contains("(1 pane)"));
            tmux.literal("kk");
            tmux.keys("Enter");
            tmux.await(WAIT, "tab 9", s -> s.contains("TAB-9-READY") && !s.contains("choose a tab")
                    && statusLine(s).contains(" 9:t9* "));
            tmux.keys("C-b");
            tmux.keys("w");
            tmux.await(WAIT, "the chooser", s -> s.contains("choose a tab"));
            tmux.literal("jq");
            tmux.await(WAIT, "the chooser gone", s -> !s.contains("choose a tab") && s.contains("TAB-9-READY"));

            // a click on 4:t4 in the tab list shows tab 4
            String status = statusLine(tmux.capture());
            int col = status.indexOf(" 4:t4 ") + 2; // on its name
            tmux.literal("\u001b[<0;" + (col + 1) + ";16M");
            tmux.literal("\u001b[<0;" + (col + 1) + ";16m");
            tmux.await(WAIT, "tab 4", s -> s.contains("TAB-4-READY") && statusLine(s).contains(" 4:t4* "));

            // copy mode's word motions: w to the next word, v, E to the end of a blank-delimited one
            tmux.keys("C-b");
            tmux.keys("0");
            tmux.await(WAIT, "tab 0", s -> s.contains("TAB-0-READY alpha"));
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.literal("?");
            tmux.literal("alpha");
            tmux.keys("Enter");
            tmux.literal("wvEy");
            tmux.await(WAIT, "copied", s -> statusLine(s).contains("C-b ] pastes it"));
            assertThat(tmux.buffer()).isEqualTo("beta-gamma.delta");
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.literal("?");
            tmux.literal("delta");
            tmux.keys("Enter");
            tmux.literal("bvby"); // b: the . before delta is a word of its own, the next b gamma's start
            eventually(WAIT, () -> tmux.buffer().equals("gamma."));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1323: the last pane of the tab shown closes (prefix x, y) while another tab has panes: as tmux goes to
     * another window when a window's last pane is killed, the view shows the tab shown before; it ended, with
     * the workspace's other tab and its programs still there.
     */
    @Test
    void theLastPaneOfTheTabShownClosingShowsTheTabBeforeNotTheEnd() throws Exception {
        String ws = bench.workspace("lastpanews");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("tab.rename", Map.of("tab_id", bench.tabOf(a), "name", "a"));
        String bTab = bench.tab(ws, "b");
        String b = bench.spawn(ws, Map.of("tab_id", bTab), "sh", "-c", "echo B-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", b, "name", "bb"));
        try (OuterTmux tmux = OuterTmux.start(temp, 120, 16, bench.view(temp, ws))) {
            tmux.await(WAIT, "tab a", s -> s.contains("A-READY") && statusLine(s).contains(" 0:a* "));
            tmux.keys("C-b");
            tmux.keys("n");
            tmux.await(WAIT, "tab b", s -> s.contains("B-READY") && statusLine(s).contains(" 1:b* "));
            tmux.keys("C-b");
            tmux.keys("x");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close pane bb? (y/n)"));
            tmux.literal("y");
            tmux.await(WAIT, "tab a shown again, the view still running", s -> s.contains("A-READY")
                    && statusLine(s).contains("0:a*") && !s.contains("CLI-EXIT"));
            tmux.literal("still-here");
            eventually(WAIT, () -> daemon.tail(a).contains("still-here"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void ampersandAsksThenClosesTheTabWithItsPanesGoesToTheTabBeforeAndTheLastOneEndsTheView() throws Exception {
        String ws = bench.workspace("closing");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("tab.rename", Map.of("tab_id", bench.tabOf(a), "name", "a"));
        String b = bench.spawn(ws, Map.of("tab_id", bench.tab(ws, "b")), "sh", "-c", "echo B-READY; exec cat");
        String b2 = bench.split(b, "right", "b2", "sh", "-c", "echo B2-READY; exec cat");
        String cTab = bench.tab(ws, "c");
        String c = bench.spawn(ws, Map.of("tab_id", cTab), "sh", "-c", "echo C-READY; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 16, bench.view(temp, ws, "--tab", cTab))) {
            tmux.await(WAIT, "tab c", s -> s.contains("C-READY") && statusLine(s).contains(" 2:c* "));
            // n keeps the tab
            tmux.keys("C-b");
            tmux.keys("&");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close tab c and its 1 pane? (y/n)"));
            tmux.literal("n");
            tmux.await(WAIT, "the question gone", s -> statusLine(s).contains(" 2:c* "));
            assertThat(tabs(ws)).isEqualTo(3);
            // y closes it with its pane; no last tab, so the one before it is shown (tmux's kill-window)
            tmux.keys("C-b");
            tmux.keys("&");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close tab c and its 1 pane? (y/n)"));
            tmux.literal("y");
            tmux.await(WAIT, "tab b", s -> s.contains("B-READY") && s.contains("B2-READY") && statusLine(s).contains(" 1:b* ")
                    && !statusLine(s).contains("2:c"));
            eventually(WAIT, () -> tabs(ws) == 2 && !panes(ws).contains(c));
            // the question counts the panes that go with the tab
            tmux.keys("C-b");
            tmux.keys("&");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close tab b and its 2 panes? (y/n)"));
            tmux.literal("y");
            tmux.await(WAIT, "tab a", s -> s.contains("A-READY") && statusLine(s).contains("» 0:a "));
            eventually(WAIT, () -> tabs(ws) == 1 && !panes(ws).contains(b) && !panes(ws).contains(b2));
            // the last tab: closing it ends the view (its panes close first), as the last window's end ends tmux
            tmux.keys("C-b");
            tmux.keys("&");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close tab a and its 1 pane? (y/n)"));
            tmux.literal("y");
            tmux.await(WAIT, "the view ended", s -> s.contains("[tab a has no panes left]") && s.contains("CLI-EXIT=0"));
            eventually(WAIT, () -> tabs(ws) == 0 && !panes(ws).contains(a));
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * tmux's last pane is the window's: another window shown and this one again, prefix ; still goes back to the
     * pane focused before. The view kept it per view and forgot it with every tab shown.
     */
    @Test
    void semicolonGoesBackToThePaneFocusedBeforeAfterAnotherTabWasShown() throws Exception {
        String ws = bench.workspace("lastpane");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "pa"));
        daemon.client().call("tab.rename", Map.of("tab_id", bench.tabOf(a), "name", "one"));
        bench.split(a, "right", "pb", "sh", "-c", "echo B-READY; exec cat");
        daemon.client().call("tab.focus", Map.of("tab_id", bench.tabOf(a), "pane_id", a));
        bench.spawn(ws, Map.of("tab_id", bench.tab(ws, "two")), "sh", "-c", "echo TWO-READY; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 16, bench.view(temp, ws))) {
            tmux.await(WAIT, "tab one, pa focused", s -> s.contains("A-READY") && s.contains("B-READY")
                    && statusLine(s).contains("*pa"));
            tmux.keys("C-b");
            tmux.keys("Right");
            tmux.await(WAIT, "pb focused", s -> statusLine(s).contains("*pb"));
            tmux.keys("C-b");
            tmux.keys("n");
            tmux.await(WAIT, "tab two", s -> s.contains("TWO-READY") && statusLine(s).contains(" 1:two* "));
            tmux.keys("C-b");
            tmux.keys("p");
            tmux.await(WAIT, "tab one again, pb focused", s -> s.contains("A-READY") && statusLine(s).contains(" 0:one* ")
                    && statusLine(s).contains("*pb"));
            tmux.keys("C-b");
            tmux.keys("\\;");
            tmux.await(WAIT, "pa focused by ;", s -> statusLine(s).contains("*pa") && !statusLine(s).contains("no previous pane"));
            // and ; again goes back, as tmux's last-pane swaps the two
            tmux.keys("C-b");
            tmux.keys("\\;");
            tmux.await(WAIT, "pb focused by ; again", s -> statusLine(s).contains("*pb"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    private static int tabs(String ws) {
        return daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").size();
    }

    private static String panes(String ws) {
        return daemon.client().call("pane.list", Map.of("workspace_id", ws)).get("panes").toString();
    }
}
