package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential tests: every corpus stream under {@code src/test/resources/vt/<case>/} is fed to our
 * terminal (whole, and one byte at a time) and to a real tmux of the same size; the screens must be
 * equal, and outside the alternate screen so must history plus screen ({@code tail} against
 * {@code capture-pane -S -}). tmux missing is a failure, not a skip.
 *
 * <p>xterm is the reference (ADR 0170): every case also holds {@code xterm.screen} and {@code xterm.cursor},
 * captured from real xterm 379 by {@code tools/xterm_screen.sh}, and our screen and cursor must equal them.
 * A case where tmux 3.3a disagrees with xterm carries a {@code tmux-differs} file saying why; there the
 * test requires tmux to still differ (so a stale mark is noticed) instead of equal.
 */
class VtDifferentialTest {

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

    static List<Path> cases() throws Exception {
        Path root = corpusRoot();
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> Files.exists(d.resolve("input.bin"))).sorted().toList();
        }
    }

    static Path corpusRoot() throws URISyntaxException {
        return Path.of(VtDifferentialTest.class.getResource("/vt").toURI());
    }

    private static String withoutBlankLines(String text) {
        return String.join("\n", text.lines().filter(l -> !l.isBlank()).toList());
    }

    @TestFactory
    Stream<DynamicTest> screensMatchTmuxForEveryCorpusStream() throws Exception {
        List<Path> cases = cases();
        assertFalse(cases.isEmpty(), "corpus is empty");
        return cases.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> {
            String[] size = Files.readString(dir.resolve("size")).trim().split("x");
            int cols = Integer.parseInt(size[0]);
            int rows = Integer.parseInt(size[1]);
            byte[] input = Files.readAllBytes(dir.resolve("input.bin"));
            Tmux.Capture capture = tmux.captureAfter(dir.resolve("input.bin"), cols, rows);
            String tmuxScreen = Tmux.normalize(capture.screen());
            boolean tmuxDiffers = Files.exists(dir.resolve("tmux-differs"));

            XtermScreens.Asked asked = new XtermScreens.Asked(cols, rows);
            Terminal whole = asked.terminal;
            whole.feed(input, 0, input.length);
            String ours = whole.screen(false);
            assertEquals(XtermScreens.screen(dir), XtermScreens.comparable(ours), "screen after feeding "
                + dir.getFileName() + " whole, against xterm");
            if (tmuxDiffers) {
                boolean historyDiffers = !capture.altScreen() && !withoutBlankLines(Tmux.normalize(
                    capture.historyAndScreen())).equals(withoutBlankLines(whole.tail(100_000, false).text()));
                assertTrue(!tmuxScreen.equals(ours) || historyDiffers, dir.getFileName()
                    + " is marked tmux-differs but tmux now agrees: remove the mark");
            } else {
                assertEquals(tmuxScreen, ours, "screen after feeding " + dir.getFileName() + " whole");
                assertEquals(capture.altScreen(), whole.altScreen(), "alternate screen state");
                if (!capture.altScreen()) {
                    // history too: what scrolled off (and ED 2's scroll-on-clear) must match tmux's scrollback.
                    // Blank lines are left out of this comparison: tmux's scroll-on-clear also pushes rows
                    // that were written and then erased (its "cellused"), an artefact with no visible text.
                    assertEquals(withoutBlankLines(Tmux.normalize(capture.historyAndScreen())),
                        withoutBlankLines(whole.tail(100_000, false).text()),
                        "history and screen (tail) after feeding " + dir.getFileName());
                }
            }

            Terminal bytewise = new Terminal(cols, rows, new TerminalListener() { }, RingLimits.defaults(), 0);
            for (int i = 0; i < input.length; i++) {
                bytewise.feed(input, i, 1);
            }
            assertEquals(ours, bytewise.screen(false), "screen after feeding one byte at a time");
            assertEquals(XtermScreens.cursor(dir), asked.cursor(), "cursor against xterm (CPR)");
        }));
    }
}
