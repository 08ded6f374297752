package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * The view's status line lists the workspace's tabs with tmux's window flags, so a tab that wants
 * someone shows from any other (ADR 0840); the prefix then R relaunches an exited pane; copy mode
 * selects characters as tmux's vi mode. Through
 * the real CLI, daemon and an outer tmux.
 */
class TabViewTabListTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("tablistws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    @Test
    void otherTabsShowTheirDecisionUnreadAndExitedFlagsAndRRelaunchesAnExitedPane() throws Exception {
        String ws = bench.workspace("tl");
        String main = bench.spawn(ws, Map.of(), "sh", "-c", "echo MAIN-READY; exec cat");
        String mainTab = bench.tabOf(main);
        daemon.client().call("tab.rename", Map.of("tab_id", mainTab, "name", "main"));
        // exits with 3 the first time, runs cat when relaunched
        Path flag = temp.resolve("ran-once");
        String doneTab = bench.tab(ws, "done");
        String done = bench.spawn(ws, Map.of("tab_id", doneTab), "sh", "-c", "if [ -e '" + flag + "' ]; then echo RELAUNCHED; exec cat; else touch '"
                + flag + "'; exit 3; fi");
        daemon.awaitExited(done, WAIT);
        String agentTab = bench.tab(ws, "agent");
        String agent = bench.spawn(ws, Map.of("tab_id", agentTab), bench.claude().toString());

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 20, bench.view(temp, ws))) {
            // tmux's window list: the tab shown (*), the one with an exited pane (X)
            tmux.await(WAIT, "the tabs listed", s -> s.contains("MAIN-READY")
                    && statusLine(s).contains("» 0:main* 1:doneX 2:agent "));
            // a decision in a tab not shown: ? on that tab
            eventually(WAIT, () -> daemon.tail(agent).contains("fake>"));
            daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "ask rm-stuff\r"));
            tmux.await(WAIT, "the agent's tab flagged", s -> statusLine(s).contains(" 2:agent? "));
            // answered: its turn ends with unread output, tmux's activity flag #
            String decision = daemon.client().call("decision.list", Map.of("pane_id", agent)).get("decisions").get(0)
                    .get("decision_id").asString();
            daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
            tmux.await(WAIT, "the agent's tab unread", s -> statusLine(s).contains(" 2:agent# "));

            // the exited pane's tab; R on it runs it again, and its X goes
            tmux.keys("C-b");
            tmux.keys("1");
            tmux.await(WAIT, "the done tab, main the last one", s -> s.contains("[exited 3]")
                    && statusLine(s).contains("» 0:main- 1:done*X 2:agent# "));
            tmux.keys("C-b");
            tmux.keys("R");
            tmux.await(WAIT, "relaunched", s -> s.contains("RELAUNCHED") && !s.contains("[exited")
                    && statusLine(s).contains(" 1:done* "));
            tmux.literal("typed-after-relaunch");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.tail(done).contains("typed-after-relaunch"));
            // R on a running pane: the daemon's refusal on the status line, nothing started
            tmux.keys("C-b");
            tmux.keys("R");
            tmux.await(WAIT, "the refusal", s -> statusLine(s).contains("only an exited pane resumes"));

            // copy mode as tmux's vi mode: ? searches up, l moves by a character, v selects from the cursor's column
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.literal("?");
            tmux.await(WAIT, "the search prompt", s -> statusLine(s).contains("search up (regex):"));
            tmux.literal("RELAUNCHED");
            tmux.keys("Enter");
            tmux.literal("llvlly");
            tmux.await(WAIT, "copied", s -> statusLine(s).contains("C-b ] pastes it"));
            assertThat(tmux.buffer()).isEqualTo("LAU");
            detach(tmux);
        }

        // a narrow window: the tab shown stays, < and > say that tabs were left out
        Path narrow = Files.createDirectories(temp.resolve("narrow"));
        try (OuterTmux tmux = OuterTmux.start(narrow, 50, 12, bench.view(narrow, ws, "--tab", doneTab))) {
            String screen = tmux.await(WAIT, "the tab shown between markers", s -> s.contains("RELAUNCHED")
                    && statusLine(s).contains("» < 1:done* >"));
            assertThat(statusLine(screen)).doesNotContain("0:main").doesNotContain("2:agent");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
    /**
     * ADR 1223: a tab named by the daemon ({@code tab 1}) is shown by its focused pane's program, and follows the
     * focus, as tmux's automatic-rename; the daemon's name is not changed (scripts resolve it); a rename stops it.
     */
    @Test
    void aTabTheDaemonNamedIsShownByItsFocusedPanesProgramUntilRenamed() throws Exception {
        String ws = bench.workspace("autoname");
        // sh stays sh (its sleeps are in its process group): the focus moves between two programs
        String shell = bench.spawn(ws, Map.of(), "sh", "-c", "echo AUTO-SH; while :; do sleep 1; done");
        String tab = bench.tabOf(shell);
        String daemonsName = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString();
        assertThat(daemonsName).matches("tab [0-9]+");
        String other = bench.tab(ws, "logs");
        bench.spawn(ws, Map.of("tab_id", other), "sh", "-c", "echo LOGS; exec cat");
        bench.split(shell, "right", "reader", "cat");
        daemon.client().call("tab.focus", Map.of("tab_id", tab, "pane_id", shell));

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 20, bench.view(temp, ws, "--tab", tab))) {
            tmux.await(WAIT, "the tab shown as its focused pane's program", s -> s.contains("AUTO-SH")
                    && statusLine(s).contains("» 0:sh* 1:logs "));
            // the focus moves to the cat pane: the tab's shown name follows it
            tmux.keys("C-b");
            tmux.keys("o");
            tmux.await(WAIT, "the tab following the focus", s -> statusLine(s).contains("*reader")
                    && statusLine(s).contains("» 0:cat* 1:logs "));
            assertThat(daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString()).isEqualTo(daemonsName);
            // the prefix then i names the daemon's name, which --tab takes
            tmux.keys("C-b");
            tmux.keys("i");
            tmux.await(WAIT, "the tab's own name", s -> statusLine(s).contains("(0:cat, named " + daemonsName + ")"));
            // renamed: the name stays whatever the focus does
            daemon.client().call("tab.rename", Map.of("tab_id", tab, "name", "work"));
            tmux.await(WAIT, "the name given", s -> statusLine(s).contains("» 0:work* 1:logs "));
            tmux.keys("C-b");
            tmux.keys("o");
            tmux.await(WAIT, "the shell focused, the name kept", s -> statusLine(s).contains("*sh")
                    && statusLine(s).contains("» 0:work* 1:logs "));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
