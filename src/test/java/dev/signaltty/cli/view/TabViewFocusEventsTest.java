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
 * Focus reporting in the view (ADR 0985), through the real CLI, daemon and an outer tmux: programs
 * that set DECSET 1004 read {@code CSI I} when their pane gains the view's focus and {@code CSI O}
 * when it loses it (a click, another tab, the outer terminal's own focus report), as tmux's
 * {@code focus-events on} writes them; a program that did not ask reads none. Each shows what it
 * reads with {@code cat -v} on a raw terminal.
 */
class TabViewFocusEventsTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("focusws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    /** What the pane's program read ({@code cat -v} wraps at the pane's edge: its lines joined), after its ready word. */
    private static String read(String pane, String ready) {
        String all = daemon.tail(pane).replace("\n", "");
        int at = all.indexOf(ready);
        return at < 0 ? "" : all.substring(at + ready.length()).strip();
    }

    private static void awaitRead(String pane, String ready, String expected) {
        try {
            eventually(WAIT, () -> read(pane, ready).equals(expected));
        } catch (AssertionError e) {
            throw new AssertionError("the program read '" + read(pane, ready) + "', not '" + expected + "'", e);
        }
    }

    @Test
    void aProgramThatAskedIsToldWhenItsPaneGainsAndLosesTheFocusByClickTabAndTheOuterTerminal() throws Exception {
        String ws = bench.workspace("focusws1");
        String left = bench.spawn(ws, Map.of(), ViewBench.visibleEcho("LEFT-READY", "\\033[?1004h"));
        daemon.client().call("pane.rename", Map.of("pane_id", left, "name", "left"));
        String right = bench.split(left, "right", "right", ViewBench.visibleEcho("RIGHT-READY", "\\033[?1004h"));
        String plain = bench.split(right, "down", "plain", ViewBench.visibleEcho("PLAIN-READY", ""));
        String other = bench.spawn(ws, Map.of("tab_id", bench.tab(ws, "second")), ViewBench.visibleEcho("OTHER-READY", "\\033[?1004h"));

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 30, bench.view(temp, ws))) {
            String screen = tmux.await(WAIT, "three panes, the last split focused", s -> s.contains("LEFT-READY")
                    && s.contains("RIGHT-READY") && s.contains("PLAIN-READY") && statusLine(s).contains("*plain"));
            int divider = TabViewTest.divider(screen.lines().findFirst().orElseThrow());

            // the outer terminal's focus report is the view's: the focused pane's program did not ask, so it reads nothing
            tmux.literal("\u001b[O");
            tmux.literal("\u001b[I");

            // a click moves the focus to the left pane: it is told, the plain pane it left is not
            tmux.literal("\u001b[<0;5;3M");
            tmux.literal("\u001b[<0;5;3m");
            tmux.await(WAIT, "the left pane focused", s -> statusLine(s).contains("*left"));
            awaitRead(left, "LEFT-READY", "^[[I");
            // and on to the right one: the left pane loses it
            tmux.literal("\u001b[<0;" + (divider + 10) + ";3M");
            tmux.literal("\u001b[<0;" + (divider + 10) + ";3m");
            tmux.await(WAIT, "the right pane focused", s -> statusLine(s).contains("*right"));
            awaitRead(left, "LEFT-READY", "^[[I^[[O");
            awaitRead(right, "RIGHT-READY", "^[[I");

            // the outer terminal loses the person's focus and gets it back: the focused pane's program is told both
            tmux.literal("\u001b[O");
            awaitRead(right, "RIGHT-READY", "^[[I^[[O");
            tmux.literal("\u001b[I");
            awaitRead(right, "RIGHT-READY", "^[[I^[[O^[[I");

            // another tab: its focused pane gains the focus (once its modes came with the attach), the one shown loses it
            tmux.keys("C-b");
            tmux.keys("1");
            tmux.await(WAIT, "the second tab", s -> s.contains("OTHER-READY"));
            awaitRead(other, "OTHER-READY", "^[[I");
            awaitRead(right, "RIGHT-READY", "^[[I^[[O^[[I^[[O");
            tmux.keys("C-b");
            tmux.keys("0");
            // back on the first tab the focus is the pane it was left with, as tmux keeps a window's active pane
            tmux.await(WAIT, "the first tab again", s -> s.contains("RIGHT-READY") && statusLine(s).contains("*right"));
            awaitRead(other, "OTHER-READY", "^[[I^[[O");
            awaitRead(right, "RIGHT-READY", "^[[I^[[O^[[I^[[O^[[I");

            assertThat(read(plain, "PLAIN-READY")).isEmpty();
            assertThat(read(left, "LEFT-READY")).isEqualTo("^[[I^[[O");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void aProgramThatAsksWhileItsPaneHasTheFocusIsToldAtOnce() throws Exception {
        String ws = bench.workspace("focusws2");
        // asks for focus reports only after one byte of input, while its pane already has the view's focus
        String late = bench.spawn(ws, Map.of(), new String[] {"sh", "-c", "stty raw -echo; echo LATE-READY;"
                + " dd bs=1 count=1 >/dev/null 2>&1; printf '\\033[?1004h'; echo ASKED; exec cat -v"});

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane shown", s -> s.contains("LATE-READY"));
            assertThat(read(late, "LATE-READY")).isEmpty();
            daemon.client().call("pane.write", Map.of("pane_id", late, "data", "g"));
            // as tmux: a focused pane whose program sets 1004 reads CSI I then, not at the next focus change
            awaitRead(late, "ASKED", "^[[I");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
