package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

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

    /** Each test's workspace, its one pane {@code aa} (sh, then cat) and its tab, shown in a view in {@link #tmux}. */
    private String ws;
    private String a;
    private String tab;
    private OuterTmux tmux;

    @BeforeEach
    void aViewOfOnePaneNamedAa() throws Exception {
        ws = bench.workspace("cmdws");
        a = bench.spawn(ws, Map.of(), "sh", "-c", "echo A-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", a, "name", "aa"));
        tab = bench.tabOf(a);
        tmux = OuterTmux.start(temp, 120, 24, bench.view(temp, ws));
        tmux.await(WAIT, "the pane", s -> s.contains("A-READY") && statusLine(s).contains("*aa"));
    }

    @AfterEach
    void detachAndClose() {
        try {
            detach(tmux);
        } finally {
            tmux.close();
            daemon.client().call("workspace.close", Map.of("workspace_id", ws));
        }
    }

    /** The prefix, then {@code :}, the line, and Enter. */
    private void command(String line) {
        tmux.keys("C-b");
        tmux.keys(":");
        tmux.literal(line);
        tmux.keys("Enter");
    }

    @Test
    void runsTableCommandsForWhatIsFocusedShowsErrorsWithTheSeedsCodeAndOutputInABoxAndCompletesWords() {
        // a verb alone is the focused pane's; the pane left out is the focused one
        command("rename bee");
        tmux.await(WAIT, "done", s -> statusLine(s).contains("done: pane rename"));
        tmux.await(WAIT, "the pane renamed", s -> statusLine(s).contains("*bee")); // after the message's 3 s
        // the tab left out is the tab shown; a pane named is that pane
        command("tab rename review");
        eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString().equals("review"));
        command("pane split bee --direction down -- sh -c 'echo SPLIT-READY; exec cat'");
        tmux.await(WAIT, "the new pane below, focused", s -> s.contains("SPLIT-READY") && s.contains("─")
                && statusLine(s).contains(" *") && !statusLine(s).contains("*bee"));
        assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(2);
        // tab focus names only the pane: the tab left out is the tab shown (ADR 1010)
        command("tab focus bee");
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
        command("pane rename NOT-A-SLUG");
        tmux.await(WAIT, "the daemon's refusal", s -> statusLine(s).contains("BAD_PARAMS: name: must match"));
        command("frobnicate");
        tmux.await(WAIT, "a usage error", s -> statusLine(s).contains("usage: unknown command 'frobnicate'"));
        command("wait --until idle");
        tmux.await(WAIT, "refused here", s -> statusLine(s).contains("'wait' runs in a shell"));

        // a read of several lines opens in a box over the panes; any key closes it
        command("pane list");
        tmux.await(WAIT, "the list in a box", s -> s.contains(":pane list") && TabViewFleetChooserTest.box(s).contains("bee"));
        tmux.keys("q");
        tmux.await(WAIT, "the box closed", s -> !s.contains(":pane list") && s.contains("A-READY"));

        // i: the ids a command takes
        tmux.keys("C-b");
        tmux.keys("i");
        tmux.await(WAIT, "where the focus is", s -> statusLine(s).contains(" | " + tab + " (0:review) | " + ws + " (cmdws)"));

        // notify: the focused pane stands for $SIGNALTTY_PANE
        command("notify built");
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
    }

    /**
     * ADR 1131: tmux's own commands at the prompt do what they do in tmux (they were "unknown command"):
     * split-window -h with a command, select-layout, rename-window, select-pane, resize-pane -Z, new-window,
     * kill-pane (which asks, as the prefix's x), and one the view cannot do says what does it.
     */
    @Test
    void tmuxCommandsAtThePromptDoWhatTheyDoInTmux() {
        command("splitw -h sh -c 'echo RIGHT-READY; exec cat'");
        tmux.await(WAIT, "the new pane beside, focused", s -> s.contains("RIGHT-READY") && s.contains("│")
                && !statusLine(s).contains("*aa"));
        assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("direction").asString())
                .isEqualTo("right");
        command("select-layout even-vertical");
        eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("direction")
                .asString().equals("down"));
        command("rename-window work");
        eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString().equals("work"));
        command("select-pane -U");
        tmux.await(WAIT, "aa focused", s -> statusLine(s).contains("*aa"));
        command("resize-pane -Z");
        tmux.await(WAIT, "zoomed", s -> s.contains("A-READY") && !s.contains("RIGHT-READY") && statusLine(s).contains("work"));
        command("resize-pane -Z");
        tmux.await(WAIT, "unzoomed", s -> s.contains("RIGHT-READY"));
        // resize-pane with a direction and cells, as tmux's (ADR 1321: it was refused): aa above grows by 3
        int rows = rows(a);
        command("resize-pane -D 3");
        eventually(WAIT, () -> rows(a) == rows + 3);
        command("resize-pane -x 30");
        tmux.await(WAIT, "what it takes", s -> statusLine(s).contains("-L, -R, -U or -D and a number"));
        command("kill-pane");
        tmux.await(WAIT, "the question", s -> statusLine(s).contains("close pane aa? (y/n)"));
        tmux.literal("y");
        eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size() == 1);
        command("new-window");
        eventually(WAIT, () -> daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").size() == 2);
        tmux.await(WAIT, "the new tab shown", s -> statusLine(s).contains(" 1:") && statusLine(s).contains("0:work- "));
        // a signaltty verb keeps its meaning: rename is the pane's, not tmux's rename-session
        command("rename shell");
        tmux.await(WAIT, "the pane renamed", s -> statusLine(s).contains("*shell"));

        // the commands tmux users type that the view did not know (ADR 1224): the lists, tab moves, refusals
        command("select-window -p");
        tmux.await(WAIT, "the previous tab", s -> statusLine(s).contains("0:work* "));
        command("lsw");
        tmux.await(WAIT, "the tabs listed in a box", s -> s.contains(tab) && s.contains("work"));
        tmux.literal("q");
        tmux.await(WAIT, "the box closed", s -> !s.contains(tab));
        command("source-file ~/.tmux.conf");
        tmux.await(WAIT, "no configuration to load", s -> statusLine(s).contains("source-file: there is no tmux configuration"));
        command("choose-window");
        tmux.await(WAIT, "the tab chooser", s -> s.contains("choose a tab"));
        tmux.literal("q");
        tmux.await(WAIT, "the chooser closed", s -> !s.contains("choose a tab"));
    }

    /**
     * ADR 1321: a tmux command the view does with a key was done without its options, so {@code kill-window -a}
     * (tmux: every tab but this one) asked to close the tab shown, and {@code new-window -n logs top} made
     * a tab with a shell called bash. Options the view cannot honour are refused; new-window's are honoured.
     */
    @Test
    void aTmuxCommandsOptionsAreHonouredOrRefusedNeverIgnored() {
        command("kill-window -a");
        tmux.await(WAIT, "refused, saying what it does here",
                s -> statusLine(s).contains("kill-window here takes no options (-a)"));
        assertThat(tmux.capture()).doesNotContain("close tab");
        tmux.literal("y"); // the y a person types after kill-window out of habit reaches the pane, closes nothing
        eventually(WAIT, () -> daemon.tail(a).contains("y"));
        command("kill-window -t 0");
        tmux.await(WAIT, "refused", s -> statusLine(s).contains("kill-window here takes no options (-t 0)"));
        assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size()).isEqualTo(1);

        command("new-window -n logs sh -c 'echo LOGS-READY; exec cat'");
        tmux.await(WAIT, "the tab named logs running the command",
                s -> s.contains("LOGS-READY") && statusLine(s).contains("1:logs*"));
        assertThat(daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").get(1).get("name").asString())
                .isEqualTo("logs");
    }

    /**
     * ADR 1400: {@code select-pane -t} and {@code kill-pane -t} / {@code -a}, as a tmux user types them, were refused.
     * A pane is found by the number the prefix then q shows, by :.+ / :.- (round the end, as tmux), by its name;
     * kill-pane asks once, naming the panes it would close, and closes only those.
     */
    @Test
    void selectPaneAndKillPaneTakeAPaneByItsNumberAndKillPaneAllButThisOne() {
        String b = bench.split(a, "right", "bb", "sh", "-c", "echo B-READY; exec cat");
        String c = bench.split(b, "down", "cc", "sh", "-c", "echo C-READY; exec cat");
        tmux.await(WAIT, "three panes", s -> s.contains("B-READY") && s.contains("C-READY"));

        command("select-pane -t 1"); // layout order, as the prefix then q numbers them: aa 0, bb 1, cc 2
        tmux.await(WAIT, "bb focused", s -> statusLine(s).contains("*bb"));
        command("selectp -t :.+");
        tmux.await(WAIT, "the next pane, cc", s -> statusLine(s).contains("*cc"));
        command("select-pane -t :.+");
        tmux.await(WAIT, "round the end to aa", s -> statusLine(s).contains("*aa"));
        command("select-pane -t :.-");
        tmux.await(WAIT, "back round to cc", s -> statusLine(s).contains("*cc"));
        command("select-pane -t bb");
        tmux.await(WAIT, "bb by its name", s -> statusLine(s).contains("*bb"));
        command("select-pane -t 7");
        tmux.await(WAIT, "no such pane, said", s -> statusLine(s).contains("no pane '7' in this tab (-t takes 0-2"));

        command("kill-pane -t 2");
        tmux.await(WAIT, "the question names cc", s -> statusLine(s).contains("close pane 2:cc? (y/n)"));
        tmux.literal("y");
        eventually(WAIT, () -> panes().equals(List.of(a, b)));
        command("kill-pane -a");
        tmux.await(WAIT, "one question for every pane but bb", s -> statusLine(s).contains("close pane 0:aa (all but 1:bb)? (y/n)"));
        tmux.literal("n"); // no: nothing closes
        tmux.await(WAIT, "the question gone", s -> !statusLine(s).contains("(y/n)"));
        assertThat(panes()).isEqualTo(List.of(a, b));
        command("kill-pane -a");
        tmux.await(WAIT, "asked again", s -> statusLine(s).contains("close pane 0:aa (all but 1:bb)? (y/n)"));
        tmux.literal("y");
        eventually(WAIT, () -> panes().equals(List.of(b)));
        command("kill-pane -a");
        tmux.await(WAIT, "nothing else to close", s -> statusLine(s).contains("no other pane in this tab"));
        assertThat(c).isNotIn(panes());
    }

    /**
     * ADR 1400: {@code split-window -c '#{pane_current_path}'} and {@code new-window -c …}, the commonest line of a
     * .tmux.conf, start the new pane where the focused pane's shell is now (its {@code current_path}); a directory
     * typed is taken, and one that does not exist is an error naming it, with no pane and no tab made.
     */
    @Test
    void splitWindowAndNewWindowStartInTheFocusedPanesDirectoryNow() throws Exception {
        Path project = Files.createDirectories(temp.resolve("the project")).toRealPath();
        Path other = Files.createDirectories(temp.resolve("other")).toRealPath();
        String shell = daemon.client().call("pane.split", Map.of("pane_id", a, "direction", "right",
                "argv", List.of("bash", "--norc", "--noprofile"))).get("pane_id").asString();
        command("select-pane -t 1");
        tmux.await(WAIT, "the shell focused", s -> statusLine(s).contains("aa *bash"));
        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "cd '" + project + "'\r"));
        eventually(WAIT, () -> project.toString().equals(pane(shell).path("current_path").asString()));

        command("split-window -c '#{pane_current_path}' sh -c 'echo \"AT $(pwd)\"; exec cat'");
        eventually(WAIT, () -> panes().size() == 3);
        String split = panes().get(2);
        eventually(WAIT, () -> daemon.tail(split).contains("AT " + project));
        assertThat(pane(split).get("cwd").asString()).isEqualTo(project.toString());

        command("splitw -h -c " + other + " sh -c 'echo \"AT $(pwd)\"; exec cat'"); // a directory as typed
        eventually(WAIT, () -> panes().size() == 4);
        String typed = panes().stream().filter(p -> pane(p).get("cwd").asString().equals(other.toString())).findFirst()
                .orElseThrow();
        eventually(WAIT, () -> other.toString().equals(pane(typed).path("current_path").asString())); // cat runs there

        command("split-window -c " + temp.resolve("missing") + " sh");
        tmux.await(WAIT, "the directory named", s -> statusLine(s).contains("cwd: not a directory:")
                && statusLine(s).contains("missing"));
        command("new-window -c " + temp.resolve("missing"));
        tmux.await(WAIT, "the directory named", s -> statusLine(s).contains("cwd: not a directory:")
                && statusLine(s).contains("missing"));
        assertThat(panes()).hasSize(4);
        assertThat(daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").size()).isEqualTo(1);

        command("select-pane -t 1");
        tmux.await(WAIT, "the shell focused again", s -> statusLine(s).contains(" *bash"));
        command("new-window -c '#{pane_current_path}'");
        eventually(WAIT, () -> daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").path(1).path("pane_ids")
                .size() == 1); // the tab is made first, then its pane
        JsonNode newTab = daemon.client().call("tab.list", Map.of("workspace_id", ws)).get("tabs").get(1);
        assertThat(pane(newTab.get("pane_ids").get(0).asString()).get("cwd").asString()).isEqualTo(project.toString());
    }

    /** The tab's panes in layout order. */
    private List<String> panes() {
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").valueStream().map(JsonNode::asString)
                .toList();
    }

    private static JsonNode pane(String id) {
        return daemon.client().call("pane.get", Map.of("pane_id", id)).get("pane");
    }

    private static int rows(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("rows").asInt();
    }
}
