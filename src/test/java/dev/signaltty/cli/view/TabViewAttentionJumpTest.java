package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * The prefix then {@code a} in {@code signaltty view}: the pane that needs you most, wherever it is on the
 * daemon; and the key list in a window too short for it. Through the real CLI, daemon and an outer tmux.
 */
class TabViewAttentionJumpTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("jumpws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    @Test
    void goesToThePermissionPromptInAnotherWorkspaceThenTheUnreadPaneInAnotherTabThenBack() throws Exception {
        String here = bench.workspace("deskws");
        bench.spawn(here, Map.of(), "sh", "-c", "echo AT-THE-DESK; exec cat");
        String away = bench.workspace("farws");
        String agent = bench.spawn(away, Map.of("label", "migrate the schema"), bench.claude().toString());
        String build = bench.spawn(away, Map.of("tab_id", bench.tab(away, "builds"), "label", "ci"),
                "sh", "-c", "echo BUILD-LOG; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, bench.view(temp, here))) {
            tmux.await(WAIT, "the desk workspace", s -> s.contains("AT-THE-DESK") && statusLine(s).contains("deskws »"));
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "nothing waits yet", s -> statusLine(s).contains("no pane needs attention"));

            // the agent asks for a permission (seed R352: attention.pending lists it, most urgent first) and
            // the build pane is sent a notification (unread)
            daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "ask drop-table\r"));
            eventually(WAIT, () -> daemon.client().call("decision.list", Map.of("pane_id", agent)).get("decisions").size() == 1);
            daemon.client().call("notify", Map.of("pane_id", build, "message", "tests passed"));
            eventually(WAIT, () -> daemon.client().call("attention.pending", Map.of()).get("panes").size() == 2);

            // the permission prompt first, in the other workspace, with its question and the keys that answer it
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "the agent's pane in the far workspace", s -> s.contains("fake>")
                    && statusLine(s).contains("farws »") && statusLine(s).contains("*migrate the schema")
                    && statusLine(s).contains("Allow Bash: drop-table? C-b y/N"));
            // again: the next one, the unread build pane in the far workspace's second tab; being shown, it is seen
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "the build pane in the second tab", s -> s.contains("BUILD-LOG")
                    && statusLine(s).contains("*ci") && statusLine(s).contains("1:builds*"));
            eventually(WAIT, () -> daemon.client().call("pane.get", Map.of("pane_id", build)).get("attention").asString()
                    .equals("none"));
            // again: round the end, back to the agent, which still waits for its answer
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "back at the agent", s -> s.contains("fake>") && statusLine(s).contains("1/1 permission required"));
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "it alone waits", s -> statusLine(s).contains("only this pane needs attention (permission required)"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", away));
        daemon.client().call("workspace.close", Map.of("workspace_id", here));
    }

    @Test
    void aWindowTooShortForTheKeyListShowsItAPageAtATime() throws Exception {
        String ws = bench.workspace("shortws");
        bench.spawn(ws, Map.of(), "sh", "-c", "echo SHORT-READY; exec cat");
        try (OuterTmux tmux = OuterTmux.start(temp, 80, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane", s -> s.contains("SHORT-READY"));
            tmux.keys("C-b");
            tmux.keys("?");
            tmux.await(WAIT, "the first page", s -> s.contains("keys after the prefix C-b, 1-") && s.contains("(Space: more")
                    && s.contains("resize the focused pane") && !s.contains("drag a divider"));
            tmux.literal(" ");
            tmux.await(WAIT, "the last page", s -> s.contains("drag a divider") && s.contains("(any key closes this)")
                    && !s.contains("resize the focused pane"));
            tmux.literal(" ");
            tmux.await(WAIT, "closed", s -> !s.contains("keys after the prefix"));
            // the Space that closed it went nowhere else: the pane still echoes only what is typed after
            tmux.literal("typed-after");
            tmux.await(WAIT, "the echo", s -> s.contains("typed-after") && !s.contains(" typed-after"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void showingATabMarksItsFocusedPaneSeenAsTmuxClearsAWindowsActivity() throws Exception {
        String ws = bench.workspace("seenws");
        bench.spawn(ws, Map.of(), "sh", "-c", "echo FIRST-TAB; exec cat");
        String other = bench.spawn(ws, Map.of("tab_id", bench.tab(ws, "logs")), "sh", "-c", "echo LOGS-TAB; exec cat");
        try (OuterTmux tmux = OuterTmux.start(temp, 120, 20, bench.view(temp, ws))) {
            tmux.await(WAIT, "the first tab", s -> s.contains("FIRST-TAB"));
            daemon.client().call("notify", Map.of("pane_id", other, "message", "rotated"));
            tmux.await(WAIT, "the other tab flagged unread", s -> statusLine(s).contains("1:logs#"));
            tmux.keys("C-b");
            tmux.keys("n");
            tmux.await(WAIT, "the other tab, its flag gone", s -> s.contains("LOGS-TAB") && statusLine(s).contains("1:logs*")
                    && !statusLine(s).contains("#"));
            eventually(WAIT, () -> daemon.client().call("pane.get", Map.of("pane_id", other)).get("attention").asString()
                    .equals("none"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
