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
 * The view hands the mouse to a pane's program that asked for it (ADR 0980), through the real CLI,
 * daemon and an outer tmux: each program here sets its tracking mode and encoding, then shows what it
 * reads with {@code cat -v} on a raw terminal, so the pane's screen is the reports that reached it.
 */
class TabViewMouseTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("mousews");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    /**
     * Waits until the pane's program has read {@code expected}; fails with what it read. Its lines are
     * joined: {@code cat -v} writes on, wrapping at the pane's edge.
     */
    private static void awaitRead(String pane, String expected) {
        try {
            eventually(WAIT, () -> daemon.tail(pane).replace("\n", "").contains(expected));
        } catch (AssertionError e) {
            throw new AssertionError("the program never read " + expected + "; its screen:\n" + daemon.tail(pane), e);
        }
    }

    @Test
    void theFirstClickFocusesAndReachesTheProgramShiftKeepsItForTheViewAndAPlainPaneGetsNone() throws Exception {
        String ws = bench.workspace("clickws");
        String mouse = bench.spawn(ws, Map.of(), ViewBench.visibleEcho("MOUSE-READY", "\\033[?1000h\\033[?1006h"));
        daemon.client().call("pane.rename", Map.of("pane_id", mouse, "name", "mouse"));
        String plain = bench.split(mouse, "right", "plain", "sh", "-c", "echo PLAIN-READY; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 30, bench.view(temp, ws))) {
            String screen = tmux.await(WAIT, "both panes, the split focused", s -> s.contains("MOUSE-READY")
                    && s.contains("PLAIN-READY") && statusLine(s).contains("*plain"));
            int divider = TabViewTest.divider(screen.lines().findFirst().orElseThrow());

            // the first click on an unfocused pane focuses it and goes on to its program (tmux's MouseDown1Pane)
            tmux.literal("\u001b[<0;5;3M");
            tmux.literal("\u001b[<0;5;3m");
            tmux.await(WAIT, "the click focused the pane", s -> statusLine(s).contains("*mouse"));
            awaitRead(mouse, "^[[<0;5;3M^[[<0;5;3m");
            // 1000 wants no motion; the wheel goes to the program, not into copy mode
            tmux.literal("\u001b[<32;6;3M");
            tmux.literal("\u001b[<64;5;3M");
            // Shift keeps the click for the view; a right click after it shows what got through
            tmux.literal("\u001b[<4;8;4M");
            tmux.literal("\u001b[<4;8;4m");
            tmux.literal("\u001b[<2;7;4M");
            tmux.literal("\u001b[<2;7;4m");
            tmux.literal("\u001b[<66;5;3M"); // the wheel tilted left: no release follows, so nothing is held
            awaitRead(mouse, "^[[<0;5;3M^[[<0;5;3m^[[<64;5;3M^[[<2;7;4M^[[<2;7;4m^[[<66;5;3M");
            assertThat(tmux.capture()).doesNotContain("[copy ");

            // a pane whose program did not ask: the click only focuses it
            tmux.literal("\u001b[<0;" + (divider + 10) + ";3M");
            tmux.literal("\u001b[<0;" + (divider + 10) + ";3m");
            tmux.await(WAIT, "the plain pane focused", s -> statusLine(s).contains("*plain"));
            tmux.literal("typed");
            tmux.keys("Enter");
            awaitRead(plain, "typed");
            assertThat(daemon.tail(plain)).doesNotContain("[<");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void aDragStaysWithItsPaneInItsEncodingAllMotionReachesTheOuterTerminalAndAPagerScrollsByArrowsUnlessItSaidNo() throws Exception {
        String ws = bench.workspace("dragws");
        String x10 = bench.spawn(ws, Map.of(), ViewBench.visibleEcho("X10-READY", "\\033[?1002h"));
        String urxvt = bench.split(x10, "right", "urxvt", ViewBench.visibleEcho("URXVT-READY", "\\033[?1003h\\033[?1015h"));
        // a pager: the alternate screen and application cursor keys, no mouse
        String pager = bench.split(urxvt, "right", "pager", ViewBench.visibleEcho("PAGER-READY", "\\033[?1049h\\033[?1h"));
        // one that reset alternate scroll (codex does): the wheel is the view's copy mode there
        String noScroll = bench.split(pager, "down", "noscroll", ViewBench.visibleEcho("NOSCROLL-READY", "\\033[?1049h\\033[?1007l"));

        try (OuterTmux tmux = OuterTmux.start(temp, 150, 30, bench.view(temp, ws))) {
            String screen = tmux.await(WAIT, "three panes", s -> s.contains("X10-READY") && s.contains("URXVT-READY")
                    && s.contains("PAGER-READY") && s.contains("NOSCROLL-READY"));
            String top = screen.lines().findFirst().orElseThrow();
            int first = top.indexOf('│');
            int second = top.lastIndexOf('│');
            assertThat(first).isPositive().isLessThan(second);

            // press in the first pane, drag over the second, release there: all three go to the first
            // program, at its nearest cell, in the default encoding (release: button 3)
            tmux.literal("\u001b[<0;5;3M");
            tmux.literal("\u001b[<32;" + (first + 6) + ";3M");
            tmux.literal("\u001b[<0;" + (first + 6) + ";3m");
            char edge = (char) (first - 1 + 33);
            awaitRead(x10, "^[[M %#^[[M@" + edge + "#^[[M#" + edge + "#");
            assertThat(daemon.tail(urxvt)).doesNotContain("^[");

            // all motion for a program that asked: the outer terminal reports it, the program reads urxvt's form
            eventually(WAIT, () -> tmux.format("#{mouse_all_flag}").equals("1"));
            tmux.literal("\u001b[<35;" + (first + 4) + ";5M");
            awaitRead(urxvt, "^[[67;3;5M");

            // the wheel over a pager: three arrows a notch, as its cursor keys; Shift+wheel is the view's copy mode
            tmux.literal("\u001b[<65;" + (second + 5) + ";5M");
            tmux.literal("\u001b[<64;" + (second + 5) + ";5M");
            awaitRead(pager, "^[OB^[OB^[OB^[OA^[OA^[OA");
            assertThat(tmux.capture()).doesNotContain("[copy ");
            tmux.literal("\u001b[<64;" + (second + 5) + ";22M");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            assertThat(daemon.tail(noScroll)).doesNotContain("^[");
            tmux.keys("q");
            tmux.await(WAIT, "copy mode left", s -> !s.contains("[copy "));
            tmux.literal("\u001b[<68;" + (second + 5) + ";5M");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.keys("q");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
