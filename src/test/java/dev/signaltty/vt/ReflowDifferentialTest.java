package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reflow on resize against tmux 3.3a (ADR 0800): the same bytes go to a real tmux and to our terminal at
 * one size, both are resized to each width in turn ({@code resize-window -x}), and after each the screens
 * and cursors must be equal, and history plus screen must hold the same characters in the same order
 * (tmux rewraps its history too, ours keeps history's rows as they left, so only the text is compared
 * there; spaces are left out since where a row ends decides which spaces a capture trims).
 *
 * <p>Two tmux behaviours are deliberately not copied, and the steps that show them are marked
 * ({@link Case#differsAt}): there tmux's screen must still differ from ours (so a stale mark is noticed)
 * while the text agrees. Both come from tmux moving lines between screen and history: narrowing pushes
 * rows into history while blank rows sit below the cursor, and widening pulls them back. Our history is
 * append-only and numbered, so we pull nothing back, and so we give the blank rows up first instead.
 */
class ReflowDifferentialTest {

    private static final String CSI = "\u001b[";

    @TempDir
    static Path tmp;
    private static Tmux tmux;

    @BeforeAll
    static void startTmux() {
        tmux = new Tmux(tmp);
    }

    @AfterAll
    static void stopTmux() throws Exception {
        if (tmux != null) {
            tmux.close();
        }
    }

    /** Bytes fed at {@code cols} x {@code rows}, then resized to each width; tmux differs at the listed steps. */
    record Case(String name, int cols, int rows, String input, int[] widths, Set<Integer> differsAt) {
    }

    private static String shellOutput() {
        StringBuilder sb = new StringBuilder("$ ls -l --color\r\n");
        String[] names = {"README.md", "src/main/java/dev/signaltty/pane/internal/PaneSizing.java", "pom.xml",
            "docs/adr/0800-the-emulator-reflows-soft-wrapped-lines-on-resize.md", "bin", "a-very-long-file-name-"
            + "that-goes-on-and-on-past-the-edge-of-the-screen.txt", "x"};
        for (int i = 0; i < names.length; i++) {
            sb.append("-rw-r--r-- 1 dev dev ").append(100 * i + 7).append(' ').append(names[i]).append("\r\n");
        }
        return sb.append("$ ").toString();
    }

    static List<Case> cases() {
        String prompt = CSI + "1;32muser@host" + CSI + "m:" + CSI + "1;34m~/src/signaltty" + CSI + "m$ ";
        String colours = CSI + "38;5;208morange text that runs on " + CSI + "1;44mbold on blue across the edge"
            + CSI + "m plain\r\n" + CSI + "7mreverse video line wrapped twice over the edge" + CSI + "m\r\n"
            + CSI + "31merror:" + CSI + "m a red word then plain words to the end\r\n$ ";
        String cjk = "日本語のテキストです\r\n漢字abc漢字かな\r\nmixed 幅 wide 字 and narrow\r\n> ";
        String fill = "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9\r\n";
        return List.of(
            new Case("shell-long-lines", 40, 8, shellOutput(), new int[] {25}, Set.of()),
            new Case("prompt-partial-command", 50, 6, "total 3\r\nlib\r\nsrc\r\ntarget\r\n" + prompt
                + "git commit -m 'reflow soft-wrapped lines on resize'", new int[] {30}, Set.of()),
            new Case("colours", 30, 6, colours, new int[] {13}, Set.of()),
            new Case("cjk-widen", 11, 10, cjk, new int[] {24}, Set.of()),
            new Case("cjk-narrow", 11, 5, fill + cjk, new int[] {7}, Set.of()),
            new Case("cjk-narrow-odd-edge", 12, 5, fill + cjk, new int[] {5}, Set.of()),
            // narrowing with blank rows below: tmux pushes the top into history and pulls it back after
            new Case("shrink-then-grow", 30, 10, "a first line that is long enough\r\nsecond\r\n" + prompt
                + "echo typed", new int[] {9, 30}, Set.of(0)),
            // widening after narrowing pushed rows into history: tmux pulls them back onto the screen
            new Case("grow-pulls-history-back", 30, 4, fill + "0123456789012345678901234\r\n$ ", new int[] {10, 30},
                Set.of(1)),
            new Case("alternate-screen-is-cut", 20, 5, "main line that wraps past twenty\r\n" + CSI + "?1049h"
                + CSI + "Hfull screen program draws here\r\n" + CSI + "4;1Hstatus line at the bottom",
                new int[] {12}, Set.of()));
    }

    /** The characters of history and screen, in order, without spaces and line ends. */
    private static String characters(String text) {
        return text.replace(" ", "").replace("\n", "");
    }

    @TestFactory
    Stream<DynamicTest> resizedScreensMatchTmux() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            byte[] input = c.input().getBytes(StandardCharsets.UTF_8);
            Path file = tmp.resolve(c.name() + ".bin");
            Files.write(file, input);
            List<Tmux.Resized> theirs = tmux.captureAfterResizes(file, c.cols(), c.rows(), c.widths());

            Terminal whole = TerminalTest.term(c.cols(), c.rows());
            whole.feed(input, 0, input.length);
            Terminal single = TerminalTest.term(c.cols(), c.rows());
            for (int i = 0; i < input.length; i++) {
                single.feed(input, i, 1);
            }
            for (int step = 0; step < c.widths().length; step++) {
                int w = c.widths()[step];
                whole.resize(w, c.rows());
                single.resize(w, c.rows());
                Tmux.Resized tmuxNow = theirs.get(step);
                String where = c.name() + " at width " + w + " (step " + step + ")";
                String ours = whole.screen(false);
                String tmuxScreen = Tmux.normalize(tmuxNow.screen());
                assertEquals(ours, single.screen(false), where + ": fed one byte at a time");
                assertEquals(tmuxNow.altScreen(), whole.altScreen(), where + ": alternate screen");
                if (c.differsAt().contains(step)) {
                    assertNotEquals(tmuxScreen, ours, where + " is marked as differing but tmux now agrees");
                } else {
                    assertEquals(tmuxScreen, ours, where + ": screen");
                    ScreenCells cells = whole.cells();
                    assertEquals(Math.min(tmuxNow.cursorX(), w - 1) + "," + tmuxNow.cursorY(),
                        cells.cursorX() + "," + cells.cursorY(), where + ": cursor");
                }
                if (!tmuxNow.altScreen()) {
                    assertEquals(characters(Tmux.normalize(tmuxNow.historyAndScreen())),
                        characters(whole.tail(100_000, false).text()), where + ": history and screen");
                }
            }
        }));
    }
}
