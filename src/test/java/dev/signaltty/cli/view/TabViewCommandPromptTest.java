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
 * The prefix then {@code :} (ADR 0920): a signaltty command from the CLI's table, run for the pane, tab and
 * workspace shown, its answer on the status line or in a box; through the real CLI, daemon and an outer tmux.
 */
class TabViewCommandPromptTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("promptws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    private static void command(OuterTmux tmux, String line) {
        tmux.keys("C-b");
        tmux.keys(":");
        tmux.literal(line);
        tmux.keys("Enter");
    }

    @Test
    void runsTableCommandsForWhatIsFocusedShowsErrorsWithTheSeedsCodeAndOutputInABoxAndCompletesWords() throws Exception {
        String ws = bench.workspace("cmdws");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        String tab = bench.tabOf(a);

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane", s -> s.contains("A-READY"));

            // a verb alone is the focused pane's; the pane left out is the focused one
            command(tmux, "rename bee");
            tmux.await(WAIT, "done", s -> statusLine(s).contains("done: pane rename"));
            tmux.await(WAIT, "the pane renamed", s -> statusLine(s).contains("*bee")); // after the message's 3 s
            // the tab left out is the tab shown; a pane named is that pane
            command(tmux, "tab rename review");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString().equals("review"));
            command(tmux, "pane split bee --direction down -- sh -c 'echo SPLIT-READY; exec cat'");
            tmux.await(WAIT, "the new pane below, focused", s -> s.contains("SPLIT-READY") && s.contains("─")
                    && statusLine(s).contains(" *") && !statusLine(s).contains("*bee"));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(2);
            // tab focus names only the pane: the tab left out is the tab shown (ADR 1010)
            command(tmux, "tab focus bee");
            tmux.await(WAIT, "bee focused again", s -> statusLine(s).contains("*bee"));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("focused_pane_id").asString()).isEqualTo(a);

            // Tab completes a command word; tab set-layout takes tmux's names, for the tab shown
            tmux.keys("C-b");
            tmux.keys(":");
            tmux.literal("set-l");
            tmux.keys("Tab");
            tmux.await(WAIT, "the verb completed", s -> statusLine(s).contains(":set-layout "));
            tmux.literal("even-horizontal");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("direction")
                    .asString().equals("right"));

            // errors: the seed's code and message, a usage error, a command that belongs in a shell
            command(tmux, "pane rename NOT-A-SLUG");
            tmux.await(WAIT, "the daemon's refusal", s -> statusLine(s).contains("BAD_PARAMS: name: must match"));
            command(tmux, "frobnicate");
            tmux.await(WAIT, "a usage error", s -> statusLine(s).contains("usage: unknown command 'frobnicate'"));
            command(tmux, "wait --until idle");
            tmux.await(WAIT, "refused here", s -> statusLine(s).contains("'wait' runs in a shell"));

            // a read of several lines opens in a box over the panes; any key closes it
            command(tmux, "pane list");
            tmux.await(WAIT, "the list in a box", s -> s.contains(":pane list") && TabViewFleetChooserTest.box(s).contains("bee"));
            tmux.keys("q");
            tmux.await(WAIT, "the box closed", s -> !s.contains(":pane list") && s.contains("A-READY"));

            // i: the ids a command takes
            tmux.keys("C-b");
            tmux.keys("i");
            tmux.await(WAIT, "where the focus is", s -> statusLine(s).contains(" | " + tab + " (0:review) | " + ws + " (cmdws)"));

            // notify: the focused pane stands for $SIGNALTTY_PANE
            command(tmux, "notify built");
            tmux.await(WAIT, "notified", s -> statusLine(s).contains("done: notify"));

            // Up brings back the lines run before, newest first; Down goes back towards an empty line
            tmux.keys("C-b");
            tmux.keys(":");
            tmux.keys("Up");
            tmux.await(WAIT, "the last line", s -> statusLine(s).contains(":notify built"));
            tmux.keys("Up");
            tmux.await(WAIT, "the one before", s -> statusLine(s).contains(":pane list"));
            tmux.keys("Down", "Down");
            tmux.await(WAIT, "empty again", s -> statusLine(s).contains(" :") && !statusLine(s).contains(":notify"));
            tmux.keys("Escape");
            tmux.await(WAIT, "the prompt gone", s -> !statusLine(s).contains(" :")); // Esc then C-b at once is M-C-b
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1131: tmux's own commands at the prompt do what they do in tmux (they were "unknown command"):
     * split-window -h with a command, select-layout, rename-window, select-pane, resize-pane -Z, new-window,
     * kill-pane (which asks, as the prefix's x), and one the view cannot do says what does it.
     */
    @Test
    void tmuxCommandsAtThePromptDoWhatTheyDoInTmux() throws Exception {
        String ws = bench.workspace("tmuxcmdws");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "aa"));
        String tab = bench.tabOf(a);

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane", s -> s.contains("A-READY") && statusLine(s).contains("*aa"));
            command(tmux, "splitw -h sh -c 'echo RIGHT-READY; exec cat'");
            tmux.await(WAIT, "the new pane beside, focused", s -> s.contains("RIGHT-READY") && s.contains("│")
                    && !statusLine(s).contains("*aa"));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("direction").asString())
                    .isEqualTo("right");
            command(tmux, "select-layout even-vertical");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("direction")
                    .asString().equals("down"));
            command(tmux, "rename-window work");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString().equals("work"));
            command(tmux, "select-pane -U");
            tmux.await(WAIT, "aa focused", s -> statusLine(s).contains("*aa"));
            command(tmux, "resize-pane -Z");
            tmux.await(WAIT, "zoomed", s -> s.contains("A-READY") && !s.contains("RIGHT-READY") && statusLine(s).contains("work"));
            command(tmux, "resize-pane -Z");
            tmux.await(WAIT, "unzoomed", s -> s.contains("RIGHT-READY"));
            // resize-pane with a direction and cells, as tmux's (ADR 1321: it was refused): aa above grows by 3
            int rows = rows(a);
            command(tmux, "resize-pane -D 3");
            eventually(WAIT, () -> rows(a) == rows + 3);
            command(tmux, "resize-pane -x 30");
            tmux.await(WAIT, "what it takes", s -> statusLine(s).contains("-L, -R, -U or -D and a number"));
            command(tmux, "kill-pane");
            tmux.await(WAIT, "the question", s -> statusLine(s).contains("close pane aa? (y/n)"));
            tmux.literal("y");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size() == 1);
            command(tmux, "new-window");
            eventually(WAIT, () -> daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").size() == 2);
            tmux.await(WAIT, "the new tab shown", s -> statusLine(s).contains(" 1:") && statusLine(s).contains("0:work- "));
            // a signaltty verb keeps its meaning: rename is the pane's, not tmux's rename-session
            command(tmux, "rename shell");
            tmux.await(WAIT, "the pane renamed", s -> statusLine(s).contains("*shell"));

            // the commands tmux users type that the view did not know (ADR 1224): the lists, tab moves, refusals
            command(tmux, "select-window -p");
            tmux.await(WAIT, "the previous tab", s -> statusLine(s).contains("0:work* "));
            command(tmux, "lsw");
            tmux.await(WAIT, "the tabs listed in a box", s -> s.contains(tab) && s.contains("work"));
            tmux.literal("q");
            tmux.await(WAIT, "the box closed", s -> !s.contains(tab));
            command(tmux, "source-file ~/.tmux.conf");
            tmux.await(WAIT, "no configuration to load", s -> statusLine(s).contains("source-file: there is no tmux configuration"));
            command(tmux, "choose-window");
            tmux.await(WAIT, "the tab chooser", s -> s.contains("choose a tab"));
            tmux.literal("q");
            tmux.await(WAIT, "the chooser closed", s -> !s.contains("choose a tab"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1321: a tmux command the view does with a key was done without its options, so {@code kill-pane -a}
     * (tmux: every pane but this one) asked to close the focused pane, and {@code new-window -n logs top} made
     * a tab with a shell called bash. Options the view cannot honour are refused; new-window's are honoured.
     */
    @Test
    void aTmuxCommandsOptionsAreHonouredOrRefusedNeverIgnored() throws Exception {
        String ws = bench.workspace("tmuxoptws");
        String a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "aa"));
        String tab = bench.tabOf(a);
        try (OuterTmux tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane", s -> s.contains("A-READY") && statusLine(s).contains("*aa"));
            command(tmux, "kill-pane -a");
            tmux.await(WAIT, "refused, saying what it does here",
                    s -> statusLine(s).contains("kill-pane here takes no options (-a)"));
            assertThat(tmux.capture()).doesNotContain("close pane aa?");
            tmux.literal("y"); // the y a person types after kill-pane out of habit reaches the pane, closes nothing
            eventually(WAIT, () -> daemon.tail(a).contains("y"));
            command(tmux, "kill-window -t 0");
            tmux.await(WAIT, "refused", s -> statusLine(s).contains("kill-window here takes no options (-t 0)"));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(1);

            command(tmux, "new-window -n logs sh -c 'echo LOGS-READY; exec cat'");
            tmux.await(WAIT, "the tab named logs running the command",
                    s -> s.contains("LOGS-READY") && statusLine(s).contains("1:logs*"));
            assertThat(daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").get(1).get("name").asString())
                    .isEqualTo("logs");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    private static int rows(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("rows").asInt();
    }
}
