package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.divider;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

import tools.jackson.databind.JsonNode;

/**
 * {@code signaltty view} used with a tmux user's fingers (ADR 0820), through the real CLI, daemon and
 * an outer tmux: the prefix then n / p / c / 0-9 for tabs, x that asks first, C- and M-arrows that
 * resize, ? that lists the keys, ] that pastes what copy mode copied, ; for the last pane, and a
 * status line that keeps the focused pane in sight with many panes.
 */
class TabViewTmuxHabitsTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("habitsws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    private String decisionStatus(String pane) {
        return daemon.client().call("decision.list", Map.of("pane_id", pane)).get("decisions").get(0).get("status").asString();
    }

    @Test
    void nGoesToTheNextTabAndNeverDeniesCMakesATabDigitsPickOneAndTheDecisionIsSpeltOut() throws Exception {
        String ws = bench.workspace("tabkeysws");
        String agent = bench.spawn(ws, Map.of("label", "review the diff"), bench.claude().toString());
        String second = bench.tab(ws, "second");
        bench.spawn(ws, Map.of("tab_id", second), "sh", "-c", "echo SECOND-TAB; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, bench.view(temp, ws))) {
            // an unnamed pane shows its label, not its id
            tmux.await(WAIT, "the agent, by its label", s -> s.contains("fake>") && statusLine(s).contains("*review the diff"));
            tmux.literal("ask rm-stuff");
            tmux.keys("Enter");
            // the focused pane's question and the keys that answer it
            tmux.await(WAIT, "the question on the status line", s -> statusLine(s).contains("decisions 1")
                    && statusLine(s).contains("Allow Bash: rm-stuff? C-b y/N"));

            // tmux's next-window: the other tab; the decision is still waiting, not denied
            tmux.keys("C-b");
            tmux.keys("n");
            tmux.await(WAIT, "the second tab, the decision counted elsewhere", s -> s.contains("SECOND-TAB")
                    && statusLine(s).contains(" 1:second* ") && statusLine(s).contains("decisions 1 (1 elsewhere)"));
            assertThat(decisionStatus(agent)).isEqualTo("pending");
            // the tab by its number (from 0), and a capital N denies
            tmux.keys("C-b");
            tmux.keys("0");
            tmux.await(WAIT, "the first tab again", s -> s.contains("fake>") && statusLine(s).contains("*review the diff"));
            tmux.keys("C-b");
            tmux.keys("N");
            // "done:" is printed after the Stop hook returned: the answer's own move to unread came before it
            tmux.await(WAIT, "denied, the turn done and unread", s -> s.contains("DENIED rm-stuff") && s.contains("done: ask rm-stuff")
                    && statusLine(s).contains("decisions 0") && statusLine(s).contains(" unread "));
            // a key typed into it: seen, as tmux clears a window's flags when it is selected
            tmux.literal("x");
            tmux.await(WAIT, "unread cleared", s -> !statusLine(s).contains(" unread "));

            // tmux's new-window: a tab with a shell, shown at once
            tmux.keys("C-b");
            tmux.keys("c");
            eventually(WAIT, () -> {
                JsonNode tabs = daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs");
                return tabs.size() == 3 && tabs.get(2).get("pane_ids").size() == 1;
            });
            // named after its program, as tmux names a window (ADR 1146): the shell's name, not "tab 3"
            JsonNode third = daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").get(2);
            String made = third.get("tab_id").asString();
            String argv0 = daemon.client().call("pane.get", Map.of("pane_id", third.get("pane_ids").get(0).asString()))
                    .get("pane").get("argv").get(0).asString();
            String program = argv0.substring(argv0.lastIndexOf('/') + 1);
            tmux.await(WAIT, "the new tab shown, numbered 2 and named " + program, s -> !s.contains("fake>")
                    && !s.contains("SECOND-TAB") && statusLine(s).contains(" 2:" + program + "* ")); // 2 is the one shown
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", made)).get("name").asString())
                    .isEqualTo(program).isNotEqualTo("tab 3");
            tmux.literal("echo NEW-TAB-$((6*7))");
            tmux.keys("Enter");
            tmux.await(WAIT, "the shell's answer", s -> s.contains("NEW-TAB-42"));
            tmux.keys("C-b");
            tmux.keys("p");
            tmux.await(WAIT, "the previous tab", s -> s.contains("SECOND-TAB"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void xAsksFirstAndTheFocusGoesBackToThePaneBeforeResizeKeysHelpLastPaneAndPaste() throws Exception {
        String ws = bench.workspace("panekeysws");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "a"));
        String b = bench.split(a, "right", "b", "sh", "-c", "echo B-READY; exec cat");
        String c = bench.split(b, "down", "c", "sh", "-c", "echo C-READY; exec cat");
        String tab = bench.tabOf(a);

        try (OuterTmux tmux = OuterTmux.start(temp, 101, 25, bench.view(temp, ws))) {
            String screen = tmux.await(WAIT, "three panes", s -> s.contains("A-READY") && s.contains("B-READY") && s.contains("C-READY"));
            int col = divider(screen.lines().filter(l -> l.contains("A-READY")).findFirst().orElseThrow());
            tmux.literal("\u001b[<0;" + (col + 10) + ";20M");
            tmux.literal("\u001b[<0;" + (col + 10) + ";20m");
            tmux.await(WAIT, "c focused", s -> statusLine(s).contains("*c"));

            // the key list; the key that closes it goes nowhere else
            tmux.keys("C-b");
            tmux.keys("?");
            tmux.await(WAIT, "the key list", s -> s.contains("keys after the prefix C-b") && s.contains("resize the focused pane"));
            tmux.literal("z");
            tmux.await(WAIT, "the list closed, not zoomed", s -> !s.contains("keys after the prefix") && s.contains("A-READY"));
            tmux.literal("after-help");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.tail(c).contains("after-help"));
            assertThat(daemon.tail(c)).doesNotContain("zafter-help");

            // M-Left: c has no right edge, so its left one (the root divider) moves five columns left
            tmux.keys("C-b");
            tmux.keys("M-Left");
            tmux.await(WAIT, "the divider five columns left", s -> s.lines().limit(24).allMatch(l -> divider(l) == col - 5));
            // C-Up: c is last in its column, so its upper edge moves one row up (b shrinks by one)
            int bRows = rows(b);
            tmux.keys("C-b");
            tmux.keys("C-Up");
            eventually(WAIT, () -> rows(b) == bRows - 1);
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("ratio").asDouble() < 0.47);

            // ; goes back to the pane focused before
            tmux.keys("C-b");
            tmux.keys("Left");
            tmux.await(WAIT, "a focused", s -> statusLine(s).contains("*a"));
            tmux.keys("C-b");
            tmux.keys("\\;");
            tmux.await(WAIT, "c focused again", s -> statusLine(s).contains("*c"));

            // copy a line of a in copy mode (y, as tmux's vi mode), paste it into c with ]
            tmux.keys("C-b");
            tmux.keys("Left");
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.literal("/");
            tmux.literal("A-READY");
            tmux.keys("Enter");
            tmux.literal("y"); // tmux vi copy mode's copy
            tmux.await(WAIT, "copied", s -> statusLine(s).contains("C-b ] pastes it"));
            tmux.keys("C-b");
            tmux.keys("\\;");
            tmux.keys("C-b");
            tmux.keys("]");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.tail(c).contains("A-READY"));

            // x asks; n keeps the pane (a, then b by a click: a is the pane focused before b)
            tmux.keys("C-b");
            tmux.keys("Left");
            tmux.await(WAIT, "a focused", s -> statusLine(s).contains("*a"));
            tmux.literal("\u001b[<0;" + (col + 10) + ";3M");
            tmux.literal("\u001b[<0;" + (col + 10) + ";3m");
            tmux.await(WAIT, "b focused", s -> statusLine(s).contains("*b"));
            tmux.keys("C-b");
            tmux.keys("x");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close pane b? (y/n)"));
            tmux.literal("n");
            tmux.await(WAIT, "the question gone", s -> statusLine(s).contains("*b"));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(3);
            // y closes it, and a, focused before b, gets the focus again (tmux's rule; without a pane focused
            // before, the one taking the space: LayoutAndInputTest)
            tmux.keys("C-b");
            tmux.keys("x");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close pane b? (y/n)"));
            tmux.literal("y");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size() == 2);
            tmux.await(WAIT, "a focused", s -> statusLine(s).contains("*a") && !s.contains("B-READY"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void withNinePanesTheStatusLineStillShowsTheFocusedOneAndAnExitedPaneItsStatus() throws Exception {
        String ws = bench.workspace("ninews");
        String last = bench.spawn(ws, Map.of(), "cat");
        daemon.client().call("pane.rename", Map.of("pane_id", last, "name", "pane-one"));
        for (String name : List.of("pane-two", "pane-three", "pane-four", "pane-five", "pane-six", "pane-seven", "pane-eight")) {
            last = bench.split(last, "down", name, "cat");
        }
        // the last split has the tab's focus; it exits before the view opens
        String exited = bench.split(last, "down", "pane-nine", "sh", "-c", "exit 3");
        daemon.awaitExited(exited, WAIT);

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 40, bench.view(temp, ws))) {
            // the exit status of a pane that exited before the view opened
            tmux.await(WAIT, "the exited pane's status", s -> s.contains("[exited 3]"));
            // the names before it are left out (<), the focused one is there
            tmux.await(WAIT, "the focused pane on the status line", s -> statusLine(s).contains("*pane-nine")
                    && statusLine(s).contains(" < "));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    private static int rows(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("rows").asInt();
    }
    /**
     * ADR 1132: a paste reaches a program that asked for bracketed paste (DECSET 2004: shells, vim, agent TUIs)
     * bracketed, as through tmux, whether the outer terminal pastes (the view mirrors the focused pane's mode
     * onto it) or the prefix then ] does (tmux's paste-buffer -p); a program that did not ask gets it plain.
     * A multi-line prompt pasted into an agent was a first line and an Enter.
     */
    @Test
    void aPasteIsBracketedForTheFocusedProgramThatAskedAndPlainForOneThatDidNot() throws Exception {
        String ws = bench.workspace("pastews");
        String asks = bench.spawn(ws, Map.of(), ViewBench.visibleEcho("BR-READY", "\\033[?2004h"));
        daemon.client().call("pane.rename", Map.of("pane_id", asks, "name", "asks"));
        String plain = bench.split(asks, "right", "plain", ViewBench.visibleEcho("PLAIN-READY", ""));
        daemon.client().call("tab.focus", Map.of("tab_id", bench.tabOf(asks), "pane_id", asks));

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 20, bench.view(temp, ws))) {
            tmux.await(WAIT, "both panes, asks focused", s -> s.contains("BR-READY") && s.contains("PLAIN-READY")
                    && statusLine(s).contains("*asks"));
            // the outer terminal's paste (tmux's paste-buffer -p brackets only for a pane that set 2004: the view)
            tmux.command("set-buffer", "-b", "lines", "one\ntwo"); // named: copy mode's OSC 52 adds buffers of its own
            tmux.command("paste-buffer", "-p", "-b", "lines", "-t", "0");
            eventually(WAIT, () -> daemon.tail(asks).contains("^[[200~one^Mtwo^[[201~"));

            // the view's own paste: what copy mode copied, bracketed, line ends as Enter
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.literal("/");
            tmux.literal("BR-READY");
            tmux.keys("Enter");
            tmux.literal("y");
            tmux.await(WAIT, "copied", s -> statusLine(s).contains("C-b ] pastes it"));
            tmux.keys("C-b");
            tmux.keys("]");
            eventually(WAIT, () -> daemon.tail(asks).contains("^[[200~BR-READY^[[201~"));

            // the focus on a program that did not ask: the outer terminal pastes plain again
            tmux.keys("C-b");
            tmux.keys("Right");
            tmux.await(WAIT, "plain focused", s -> statusLine(s).contains("*plain"));
            tmux.command("paste-buffer", "-p", "-b", "lines", "-t", "0");
            eventually(WAIT, () -> daemon.tail(plain).contains("one^Mtwo"));
            assertThat(daemon.tail(plain)).doesNotContain("200~");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
