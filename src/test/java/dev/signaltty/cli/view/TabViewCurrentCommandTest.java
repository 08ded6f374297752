package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The view's status line follows what runs in a pane, as tmux's automatic-rename follows
 * {@code pane_current_command} (ADR 1301): a bash pane that starts {@code sleep} is {@code *sleep}, its tab (named
 * by the daemon) {@code 0:sleep}, and both are {@code bash} again once the sleep is interrupted, with no reload of
 * the view in between. Through the real CLI, daemon, bash and an outer tmux.
 */
class TabViewCurrentCommandTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("currentws");

    @TempDir
    Path temp;

    @Test
    void theStatusLineFollowsTheCommandTheShellRuns() throws Exception {
        String ws = bench.workspace("follow");
        bench.spawn(ws, Map.of(), "bash", "--norc", "--noprofile");
        try (OuterTmux tmux = OuterTmux.start(temp, 140, 20, bench.view(temp, ws))) {
            tmux.await(WAIT, "the shell, called bash", s -> s.contains("»") && statusLine(s).contains("*bash") && statusLine(s).contains("» 0:bash "));
            tmux.literal("sleep 600");
            tmux.keys("Enter");
            tmux.await(WAIT, "the pane and its tab called by the sleep", s -> statusLine(s).contains("*sleep")
                    && statusLine(s).contains("» 0:sleep "));
            tmux.keys("C-c");
            tmux.await(WAIT, "bash again", s -> statusLine(s).contains("*bash") && statusLine(s).contains("» 0:bash "));
            detach(tmux);
        }
    }
}
