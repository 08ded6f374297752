package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.ViewBench.detach;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ColourAsker;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * ADR 1011 end to end: the view asks the terminal it runs in for its colours (here an outer tmux whose
 * window style is a light theme, which answers OSC 10/11 from it) and passes them with pane.attach, so a
 * program in a pane that asks OSC 11 is told the light background, not the daemon's dark default.
 */
class TabViewColoursTest {

    /** The selection's background as tmux writes it back: {@code 43} or {@code 48;5;3}. */
    private static final Pattern YELLOW = Pattern.compile("[\\[;](43|48;5;3)m");

    @RegisterExtension
    static final ViewBench bench = new ViewBench("colourws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    @Test
    void aProgramInAViewedPaneIsToldTheViewersTerminalBackground() throws Exception {
        String ws = bench.workspace("colourws1");
        Path asker = ColourAsker.write(temp);
        String pane = bench.spawn(ws, Map.of(), "bash", asker.toString());
        Path dir = Files.createDirectories(temp.resolve("view"));
        // the outer terminal's theme, set from inside it before the view starts
        Path script = TabViewTest.script(daemon.socket(), dir, "tmux set -g window-style 'fg=#202020,bg=#fdf6e3'",
                "view", ws);
        try (OuterTmux tmux = OuterTmux.start(dir, 100, 24, script)) {
            tmux.await(WAIT, "the pane shown", s -> s.contains(ColourAsker.READY));
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "1\n"));
            ProtocolClient.eventually(WAIT, () -> daemon.tail(pane).contains("got1[^]11;rgb:"));
            assertThat(daemon.tail(pane)).contains("got1[^]11;rgb:fdfd/f6f6/e3e3^]");
            detach(tmux);
        }
        // no viewer any more: the daemon's own setting answers again (ADR 0962)
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "2\n"));
        ProtocolClient.eventually(WAIT, () -> daemon.tail(pane).contains("got2[^]11;rgb:"));
        assertThat(daemon.tail(pane)).contains("got2[^]11;rgb:0000/0000/0000^]");
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1222: copy mode shows the pane's colours, as tmux's copy mode does (it showed the text alone): a red
     * word on a blue background is red on blue in copy mode too, and stays what is copied and searched.
     */
    @Test
    void copyModeShowsThePanesColours() throws Exception {
        String ws = bench.workspace("copycolourws");
        bench.spawn(ws, Map.of(), "sh", "-c", "printf 'before \\033[31;44mRED-WORD\\033[0m after\\nthe cursor line\\n'; exec cat");
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane shown", s -> s.contains("RED-WORD after") && s.contains("the cursor line"));
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            String styled = tmux.captureStyled();
            String line = styled.lines().filter(l -> l.contains("RED-WORD")).findFirst().orElseThrow();
            // tmux writes what the view drew: red on blue for the word, the default colours around it
            String into = line.substring(line.indexOf("before") + "before".length(), line.indexOf("RED-WORD"));
            String out = line.substring(line.indexOf("RED-WORD") + "RED-WORD".length(), line.indexOf("after"));
            assertThat(into).as(styled).contains("\u001b[").containsPattern("[\\[;]31[;m]").containsPattern("[\\[;]44[;m]");
            assertThat(out).as(styled).contains("\u001b["); // back to the default colours before "after"
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1320: copy mode without a selection draws its cursor as one cell, as tmux's copy mode does (a
     * tmux 3.3 checked with {@code capture-pane -e}: no cell of the cursor line is styled but the cursor's);
     * the view painted the whole cursor line yellow. A selection is still painted cell by cell.
     */
    @Test
    void copyModeWithoutASelectionShowsItsCursorAsOneCellNotTheLine() throws Exception {
        String ws = bench.workspace("copycursorws");
        bench.spawn(ws, Map.of(), "sh", "-c", "printf 'first line\\nsecond line here\\n'; exec cat");
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, bench.view(temp, ws))) {
            tmux.await(WAIT, "the pane shown", s -> s.contains("second line here"));
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.keys("/");
            tmux.literal("second");
            tmux.keys("Enter");
            tmux.keys("l");
            tmux.keys("l");
            // the cursor on the c of "second": that cell styled, its neighbours not
            Pattern cursorOnC = Pattern.compile("se(\u001b\\[[0-9;]*m)+c(\u001b\\[[0-9;]*m)+ond line here");
            String row = awaitStyledRow(tmux, "second line here", r -> cursorOnC.matcher(r).find());
            // the SGR sequences that set something (not those back to the defaults) are the cursor cell's alone
            String styledOnly = row.replaceAll("\u001b\\[(0|22|27|39|49)?(;(0|22|27|39|49))*m", "");
            assertThat(styledOnly).as("nothing of the line is painted but the cursor's cell: " + row)
                    .matches("se(\u001b\\[[0-9;]*m)+cond line here\\s*");

            // Space then l: tmux paints the selection, the cursor's cell included, and the view does too
            tmux.keys("Space");
            tmux.keys("l");
            String selected = awaitStyledRow(tmux, "second line here", r -> YELLOW.matcher(r).find());
            assertThat(selected).as(selected).containsPattern(YELLOW.pattern() + "c");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /** The outer terminal's row holding {@code text} with its SGR sequences, once {@code test} holds for it. */
    private static String awaitStyledRow(OuterTmux tmux, String text, Predicate<String> test) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String row = "";
        while (System.nanoTime() < deadline) {
            row = tmux.captureStyled().lines().filter(l -> l.replaceAll("\u001b\\[[0-9;]*m", "").contains(text))
                    .findFirst().orElse("");
            if (test.test(row)) {
                return row;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out; the row of " + text + ": " + row);
    }

    /**
     * ADR 1130: the colours are not asked once per view. The terminal's theme changes while the view runs; the
     * prefix then r (tmux's refresh-client) asks again and the program is told the new background; the theme
     * back to light and the terminal's theme-change report (DECSET 2031's {@code CSI ? 997 ; 2 n}) asks again too.
     */
    @Test
    void aThemeChangedWhileViewingReachesTheProgramAfterTheRefreshKeyOrTheTerminalsReport() throws Exception {
        String ws = bench.workspace("colourws2");
        Path asker = ColourAsker.write(temp);
        String pane = bench.spawn(ws, Map.of(), "bash", asker.toString());
        Path dir = Files.createDirectories(temp.resolve("view"));
        Path script = TabViewTest.script(daemon.socket(), dir, "tmux set -g window-style 'fg=#202020,bg=#fdf6e3'",
                "view", ws);
        try (OuterTmux tmux = OuterTmux.start(dir, 100, 24, script)) {
            tmux.await(WAIT, "the pane shown", s -> s.contains(ColourAsker.READY));
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "1\n"));
            ProtocolClient.eventually(WAIT, () -> daemon.tail(pane).contains("got1[^]11;rgb:"));
            assertThat(daemon.tail(pane)).contains("got1[^]11;rgb:fdfd/f6f6/e3e3^]");

            tmux.command("set", "-g", "window-style", "fg=#e0e0e0,bg=#002b36"); // the person switched to a dark theme
            tmux.keys("C-b");
            tmux.keys("r");
            tmux.await(WAIT, "the new colours taken", s -> TabViewTest.statusLine(s).contains("background #002b36"));
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "2\n"));
            ProtocolClient.eventually(WAIT, () -> daemon.tail(pane).contains("got2[^]11;rgb:"));
            assertThat(daemon.tail(pane)).contains("got2[^]11;rgb:0000/2b2b/3636^]");

            // a terminal that knows DECSET 2031 says when its theme changes: no key needed
            tmux.command("set", "-g", "window-style", "fg=#202020,bg=#fdf6e3");
            tmux.literal("\u001b[?997;2n");
            tmux.await(WAIT, "the light colours taken", s -> TabViewTest.statusLine(s).contains("background #fdf6e3"));
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "3\n"));
            ProtocolClient.eventually(WAIT, () -> daemon.tail(pane).contains("got3[^]11;rgb:"));
            assertThat(daemon.tail(pane)).contains("got3[^]11;rgb:fdfd/f6f6/e3e3^]");
            assertThat(daemon.tail(pane)).as("the report typed nothing into the pane").doesNotContain("997");
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }
}
