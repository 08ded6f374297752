package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Terminal level: byte streams in, screens and side effects out. */
class TerminalTest {

    static final String ESC = "\u001b";
    static final String CSI = ESC + "[";

    static final class Events implements TerminalListener {
        final List<String> replies = new ArrayList<>();
        final List<String> titles = new ArrayList<>();
        int bells;

        @Override
        public void reply(byte[] bytes) {
            replies.add(new String(bytes, StandardCharsets.US_ASCII));
        }

        @Override
        public void titleChanged(String t) {
            titles.add(t);
        }

        @Override
        public void bell() {
            bells++;
        }
    }

    static Terminal term(int cols, int rows) {
        return new Terminal(cols, rows, new TerminalListener() { }, RingLimits.defaults(), 0);
    }

    static void feed(Terminal t, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        t.feed(b, 0, b.length);
    }

    @Nested
    class Screen {

        /** OSC 8 (hyperlinks, which agents print for files and URLs) is dropped, its text stays (ADR 0940). */
        @Test
        void keepsTheTextOfAnOsc8HyperlinkAndDropsTheLink() {
            Terminal t = term(40, 3);
            feed(t, "see " + ESC + "]8;id=1;https://example.com/a" + ESC + "\\link" + ESC + "]8;;" + ESC + "\\ and "
                    + ESC + "]8;;file:///tmp/x\u0007x" + ESC + "]8;;\u0007.");
            assertEquals("see link and x.", t.screen(false));
            assertEquals("see link and x.", t.tail(1, false).text());
        }

        @Test
        void returnsTheGridWithoutScrollbackTrimmed() { // seed R83
            Terminal t = term(10, 3);
            feed(t, "a\r\nb\r\nc\r\nd  \r\n");
            assertEquals("c\nd", t.screen(false));
        }

        @Test
        void resolvesCarriageReturnOverwrites() { // seed R87
            Terminal t = term(20, 3);
            feed(t, "50%\r100%\r\n");
            assertEquals("100%", t.screen(false));
        }

        @Test
        void carriesSgrWhenAnsiIsAsked() {
            Terminal t = term(20, 3);
            feed(t, "a" + CSI + "1;31mred" + CSI + "0m b");
            assertEquals("a" + CSI + "0;1;31mred" + CSI + "0m b", t.screen(true));
            assertEquals("ared b", t.screen(false));
        }

        @Test
        void keepsPaletteAndTruecolorInAnsiText() {
            Terminal t = term(20, 3);
            feed(t, CSI + "38;5;208;48:2::1:2:3mx");
            assertEquals(CSI + "0;38;5;208;48;2;1;2;3mx" + CSI + "0m", t.screen(true));
        }

        @Test
        void readsUnderlineStylesWithoutMistakingTheStyleForACode() {
            Terminal t = term(20, 3);
            feed(t, CSI + "4:3mx");
            assertEquals(CSI + "0;4mx" + CSI + "0m", t.screen(true));
        }

        @Test
        void replacesInvalidUtf8AndJoinsSequencesSplitAcrossFeeds() {
            Terminal t = term(20, 3);
            byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
            t.feed(euro, 0, 1);
            t.feed(euro, 1, 2);
            t.feed(new byte[] {'a', (byte) 0xFF, 'b', (byte) 0xC3}, 0, 4);
            feed(t, "c");
            assertEquals("€a\uFFFDb\uFFFDc", t.screen(false));
        }

        @Test
        void showsWideCharactersOnceAndCombiningMarksWithTheirBase() {
            Terminal t = term(10, 3);
            feed(t, "漢字ab\r\ne\u0301x");
            assertEquals("漢字ab\ne\u0301x", t.screen(false));
        }

        @Test
        void wrapsAWideCharacterThatDoesNotFit() {
            Terminal t = term(5, 3);
            feed(t, "abcd漢");
            assertEquals("abcd\n漢", t.screen(false));
        }

        @Test
        void mapsDecSpecialGraphicsToBoxDrawing() {
            Terminal t = term(10, 3);
            feed(t, ESC + "(0lqk" + ESC + "(B x");
            assertEquals("┌─┐ x", t.screen(false));
        }

        @Test
        void honoursChtHprAndVpr() { // xterm semantics; tmux 3.3a ignores these (ADR 0031)
            Terminal t = term(40, 5);
            feed(t, "a" + CSI + "2Ib" + CSI + "3ac" + CSI + "2ed");
            assertEquals("a               b   c\n\n                     d", t.screen(false));
        }

        @Test
        void setsAndClearsTabStops() {
            Terminal t = term(30, 3);
            feed(t, CSI + "3g" + CSI + "1;5H" + ESC + "H" + "\r\tx" + CSI + "1;5H" + CSI + "g" + "\r\n\ty");
            assertEquals("    x\n                             y", t.screen(false));
        }

        @Test
        void fillsTheScreenForDecaln() {
            Terminal t = term(3, 2);
            feed(t, ESC + "#8");
            assertEquals("EEE\nEEE", t.screen(false));
        }
    }

    @Nested
    class Replies {

        @Test
        void answersStatusCursorAndDeviceAttributeQueriesThroughTheListener() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + "5;10H" + CSI + "5n" + CSI + "6n" + CSI + "c" + CSI + ">c");
            assertEquals(List.of(CSI + "0n", CSI + "5;10R", CSI + "?64;21;22c", CSI + ">41;379;0c"), ev.replies);
        }

        @Test
        void reportsTheCursorRelativeToTheRegionInOriginMode() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + "5;20r" + CSI + "?6h" + CSI + "2;3H" + CSI + "6n");
            assertEquals(List.of(CSI + "2;3R"), ev.replies);
        }

        @Test
        void takesTheTitleFromOsc0AndOsc2() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, ESC + "]0;first\u0007" + ESC + "]1;icon\u0007" + ESC + "]2;sécond" + ESC + "\\");
            assertEquals(List.of("first", "sécond"), ev.titles);
            assertEquals("sécond", t.title());
        }

        @Test
        void keepsTheOsc9ProgressAsTextApartFromOsc9Notifications() {
            Terminal t = new Terminal(80, 24, new Events(), RingLimits.defaults(), 0);
            assertEquals("", t.progress());
            feed(t, ESC + "]9;4;1;40\u0007");
            assertEquals("normal 40", t.progress());
            feed(t, ESC + "]9;build done\u0007" + ESC + "]9;4;3" + ESC + "\\");
            assertEquals("indeterminate", t.progress());
            feed(t, ESC + "]9;4;2;250\u0007");
            assertEquals("error 100", t.progress());
            feed(t, ESC + "]9;4;0;0\u0007");
            assertEquals("", t.progress());
        }

        /** Claude Code asks XTVERSION before DA1 (ADR 0940); the name and build, as xterm's {@code XTerm(379)}. */
        @Test
        void answersXtversionWithTheNameAndVersionAndOnlyForParameterZero() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + ">q" + CSI + ">0q" + CSI + ">1q");
            assertEquals(2, ev.replies.size());
            assertTrue(ev.replies.get(0).matches("\u001bP>\\|signaltty\\([^)]+\\)\u001b\\\\"), ev.replies.get(0));
            assertEquals(ev.replies.get(0), ev.replies.get(1));
        }

        /** codex asks OSC 10 and OSC 11 with ST; the answer ends as the query did (xterm). */
        @Test
        void answersColourQueriesWithThePaletteInTheQuerysTerminator() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, ESC + "]10;?" + ESC + "\\" + ESC + "]11;?\u0007" + ESC + "]4;1;?;196;?;244;?\u0007"
                    + ESC + "]4;1;rgb:12/34/56\u0007" + ESC + "]11;rgb:ff/ff/ff\u0007");
            assertEquals(List.of(ESC + "]10;rgb:e5e5/e5e5/e5e5" + ESC + "\\", ESC + "]11;rgb:0000/0000/0000\u0007",
                    ESC + "]4;1;rgb:cdcd/0000/0000\u0007", ESC + "]4;196;rgb:ffff/0000/0000\u0007",
                    ESC + "]4;244;rgb:8080/8080/8080\u0007"), ev.replies);
        }

        /** DECRQM 2026 follows the mode; 2027 (grapheme clusters) is permanently reset: widths are per code point. */
        @Test
        void reportsSynchronizedOutputAsItIsAndGraphemeClustersAsPermanentlyReset() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + "?2026$p" + CSI + "?2026h" + CSI + "?2026$p" + CSI + "?2026l" + CSI + "?2026$p" + CSI + "?2027$p");
            assertEquals(List.of(CSI + "?2026;2$y", CSI + "?2026;1$y", CSI + "?2026;2$y", CSI + "?2027;4$y"), ev.replies);
        }

        /**
         * DECRQM answers for the mouse and focus modes the emulator tracks: 1007 (alternate scroll) is set
         * until the program resets it, X10 tracking (9) and focus reporting (1004) follow DECSET/DECRST.
         */
        @Test
        void reportsAlternateScrollX10MouseAndFocusReportingAsTheyAre() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + "?1007$p" + CSI + "?1007l" + CSI + "?1007$p" + CSI + "?9$p" + CSI + "?9h" + CSI + "?9$p"
                    + CSI + "?1004$p" + CSI + "?1004h" + CSI + "?1004$p");
            assertEquals(List.of(CSI + "?1007;1$y", CSI + "?1007;2$y", CSI + "?9;2$y", CSI + "?9;1$y",
                    CSI + "?1004;2$y", CSI + "?1004;1$y"), ev.replies);
            assertTrue(t.focusEvents());
            feed(t, CSI + "?1004l");
            assertFalse(t.focusEvents());
        }

        @Test
        void decnkmIsTheKeypadModeOfEscEqualsAndGreaterThan() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, CSI + "?66$p" + CSI + "?66h" + CSI + "?66$p" + ESC + ">" + CSI + "?66$p" + ESC + "=" + CSI + "?66$p"
                    + CSI + "?66l" + CSI + "?66$p");
            assertEquals(List.of(CSI + "?66;2$y", CSI + "?66;1$y", CSI + "?66;2$y", CSI + "?66;1$y", CSI + "?66;2$y"),
                    ev.replies);
        }

        @Test
        void ringsTheBell() {
            Events ev = new Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            feed(t, "a\u0007b" + ESC + "]0;t\u0007");
            assertEquals(1, ev.bells);
        }
    }

    @Nested
    class Modes {

        @Test
        void tracksBracketedPaste() {
            Terminal t = term(80, 24);
            assertFalse(t.bracketedPaste());
            feed(t, CSI + "?2004h");
            assertTrue(t.bracketedPaste());
            feed(t, CSI + "?2004l");
            assertFalse(t.bracketedPaste());
        }

        @Test
        void tracksTheMouseModesAProgramAskedForAndTheirReplayOnAnAttach() {
            Terminal t = term(80, 24);
            assertEquals(MouseModes.NONE, t.mouseModes());
            feed(t, CSI + "?1002h" + CSI + "?1006h");
            assertEquals(new MouseModes(1002, 1006, true), t.mouseModes());
            feed(t, CSI + "?1003h" + CSI + "?1015h"); // one tracking mode and one encoding at a time, the last set
            assertEquals(new MouseModes(1003, 1015, true), t.mouseModes());
            feed(t, CSI + "?9h" + CSI + "?1007l"); // codex resets alternate scroll
            Terminal viewer = term(80, 24);
            feed(viewer, t.repaint()); // a viewer's emulator learns them from the attach snapshot
            assertEquals(new MouseModes(9, 1015, false), viewer.mouseModes());
            feed(t, CSI + "?9l" + CSI + "?1015l" + CSI + "?1007h");
            assertEquals(MouseModes.NONE, t.mouseModes());
        }

        @Test
        void writesInPlaceWithoutAutowrap() {
            Terminal t = term(5, 2);
            feed(t, CSI + "?7l" + "abcdefg");
            assertEquals("abcdg", t.screen(false));
        }

        @Test
        void insertsCharactersInInsertMode() {
            Terminal t = term(10, 2);
            feed(t, "world\r" + CSI + "4hhello " + CSI + "4l");
            assertEquals("hello worl", t.screen(false));
        }
    }

    @Nested
    class WhenAltScreenIsActive {

        @Test
        void readsReturnTheAltGridAndTheMainTextReturnsOnExit() { // seed R100, seed R117
            Terminal t = term(20, 4);
            feed(t, "$ ls\r\nfile\r\n$ vim\r\n");
            feed(t, CSI + "?1049h" + CSI + "H" + CSI + "2J" + "editing");
            assertTrue(t.altScreen());
            assertEquals("editing", t.screen(false));
            assertEquals("editing", t.tail(10, false).text());
            feed(t, CSI + "2J" + CSI + "?1049l");
            assertFalse(t.altScreen());
            assertEquals("$ ls\nfile\n$ vim", t.screen(false));
        }

        @Test
        void restoresTheCursorSavedBy1049() {
            Terminal t = term(20, 4);
            feed(t, "abc" + CSI + "?1049h" + CSI + "3;3Hx" + CSI + "?1049l" + "d");
            assertEquals("abcd", t.screen(false));
        }

        @Test
        void switchesWith47And1047Too() {
            Terminal t = term(20, 4);
            feed(t, "main" + CSI + "?47h" + "alt");
            assertEquals("    alt", t.screen(false));
            feed(t, CSI + "?47l" + CSI + "?1047h");
            assertEquals("", t.screen(false));
            feed(t, CSI + "?1047l");
            assertEquals("main", t.screen(false));
        }
    }

    @Nested
    class Tail {

        @Test
        void returnsTheLastContentLinesOfHistoryAndScreen() { // seed R86, seed R88
            Terminal t = term(20, 3);
            for (int i = 0; i < 10; i++) {
                feed(t, "line " + i + "\r\n");
            }
            ReadResult r = t.tail(4, false);
            assertEquals("line 6\nline 7\nline 8\nline 9", r.text());
            assertTrue(r.truncated());
            ReadResult all = t.tail(100, false);
            assertFalse(all.truncated());
            assertEquals(10, all.text().split("\n").length);
        }

        @Test
        void keepsTextAProgramClearedFromTheMainScreenLikeTmux() {
            Terminal t = term(20, 5);
            feed(t, "l1\r\nl2\r\nl3" + CSI + "2J" + "after");
            assertEquals("\n\n  after", t.screen(false));
            assertEquals("l1\nl2\nl3\n\n\n  after", t.tail(100, false).text());
        }

        @Test
        void keepsColoursOfNonAsciiLinesInHistory() {
            Terminal t = term(20, 2);
            feed(t, "漢" + CSI + "31m字😀" + CSI + "mx é" + CSI + "4my" + CSI + "m\r\nb\r\nc\r\n");
            assertEquals(2, t.historyLines()); // the coloured line is in history, not on screen
            assertEquals("漢" + CSI + "0;31m字😀" + CSI + "0mx é" + CSI + "0;4my" + CSI + "0m",
                t.tail(10, true).text().lines().findFirst().orElseThrow());
        }

        @Test
        void isCursorCorrectForRepaints() { // seed R87
            Terminal t = term(20, 3);
            feed(t, "progress 10%\rprogress 99%\r\n" + "x" + CSI + "1Dy");
            assertEquals("progress 99%\ny", t.tail(10, false).text());
        }
    }

    @Nested
    class Resize {

        @Test
        void keepsTheBottomRowsAndPushesTheTopIntoHistoryWhenShrinking() {
            Terminal t = term(10, 4);
            feed(t, "a\r\nb\r\nc\r\nd");
            t.resize(10, 2);
            assertEquals("c\nd", t.screen(false));
            assertEquals("a\nb\nc\nd", t.tail(10, false).text());
        }

        @Test
        void dropsBlankRowsBelowTheCursorBeforeTouchingText() {
            Terminal t = term(10, 5);
            feed(t, "a\r\nb");
            t.resize(10, 3);
            assertEquals("a\nb", t.screen(false));
            assertEquals(0, t.historyLines());
        }

        /** The grid's rows are a ring that turns as the screen scrolls (ADR 0610): a resize reads them top down. */
        @Test
        void shrinksAndGrowsAfterTheScreenScrolled() {
            Terminal t = term(10, 4);
            feed(t, "a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng");
            assertEquals("d\ne\nf\ng", t.screen(false));
            t.resize(10, 2);
            assertEquals("f\ng", t.screen(false));
            assertEquals("a\nb\nc\nd\ne\nf\ng", t.tail(10, false).text());
            t.resize(10, 4);
            feed(t, "\r\nh\r\ni\r\nj");
            assertEquals("g\nh\ni\nj", t.screen(false));
            assertEquals("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", t.tail(20, false).text());
        }

        @Test
        void scrollsARegionAfterTheScreenScrolled() {
            Terminal t = term(10, 4);
            feed(t, "a\r\nb\r\nc\r\nd\r\ne");
            feed(t, CSI + "2;3r" + CSI + "3;1H\n" + CSI + "r");
            assertEquals("b\nd\n\ne", t.screen(false));
            assertEquals(2, t.historyLines()); // a by the screen, c by the region (tmux)
            feed(t, CSI + "4;1H\n\n");
            assertEquals("\ne", t.screen(false)); // the whole screen again: b, then d into history
            assertEquals(4, t.historyLines());
        }

        /** A line longer than the new width is split even when it ended hard, as tmux does (ADR 0800; it was cut). */
        @Test
        void rewrapsColumnsInsteadOfCuttingThem() {
            Terminal t = term(10, 3);
            feed(t, "0123456789\r\nab");
            t.resize(4, 3);
            assertEquals("4567\n89\nab", t.screen(false));
            assertEquals("0123\n4567\n89\nab", t.tail(10, false).text());
            t.resize(8, 3);
            feed(t, CSI + "1;8Hz");
            assertEquals("456789 z\nab", t.screen(false), "the line that began in history rejoined on the screen");
        }
    }

    @Nested
    class Repaint {

        @Test
        void redrawsTheScreenOnAFreshTerminal() {
            Terminal t = term(30, 5);
            feed(t, "plain\r\n" + CSI + "32mgreen" + CSI + "m 漢字\r\n" + CSI + "?2004h" + CSI + "3;4H");
            String snapshot = t.repaint();
            Terminal viewer = term(30, 5);
            feed(viewer, snapshot);
            assertEquals(t.screen(true), viewer.screen(true));
            assertTrue(viewer.bracketedPaste());
            feed(t, "X");
            feed(viewer, "X");
            assertEquals(t.screen(false), viewer.screen(false), "cursor position replayed");
        }

        @Test
        void replaysOriginModeAndTheScrollRegionSoLaterMovesLandAlike() {
            Terminal t = term(30, 8);
            feed(t, CSI + "3;6r" + CSI + "?6h" + CSI + "2;5H" + ESC + "(0");
            Terminal viewer = term(30, 8);
            feed(viewer, t.repaint());
            String later = "q" + CSI + "1;1Hx" + "\r\n\r\n\r\n\r\n\r\nlast";
            feed(t, later);
            feed(viewer, later);
            assertEquals(t.screen(false), viewer.screen(false));
        }

        @Test
        void redrawsMainThenAltSoLeavingAltRevealsMainText() {
            Terminal t = term(30, 5);
            feed(t, "shell text\r\n" + CSI + "?1049h" + CSI + "Hin the tui");
            Terminal viewer = term(30, 5);
            feed(viewer, t.repaint());
            assertTrue(viewer.altScreen());
            assertEquals("in the tui", viewer.screen(false));
            feed(t, CSI + "?1049l");
            feed(viewer, CSI + "?1049l");
            assertEquals(t.screen(false), viewer.screen(false));
        }
    }

    @Nested
    class Concurrency {

        @Test
        void readersSeeWholeFeedsWhileAPtyThreadFeeds() throws Exception {
            Terminal t = term(40, 10);
            byte[] frame = (CSI + "H" + CSI + "2J" + "frame-line-a\r\nframe-line-b").getBytes(StandardCharsets.UTF_8);
            Thread feeder = Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 20_000; i++) {
                    t.feed(frame, 0, frame.length);
                }
            });
            long deadline = System.nanoTime() + 20_000_000_000L;
            int reads = 0;
            while (feeder.isAlive()) {
                assertTrue(System.nanoTime() < deadline, "feeder did not finish in 20 s");
                String screen = t.screen(false);
                // a read between two feeds sees a whole frame, never a half-cleared one
                assertEquals("frame-line-a\nframe-line-b", screen.isEmpty() ? "frame-line-a\nframe-line-b" : screen);
                t.rendered(0, 50, true);
                t.tail(5, false);
                reads++;
            }
            feeder.join();
            assertTrue(reads > 0);
            assertEquals("frame-line-a\nframe-line-b", t.screen(false));
        }
    }
}
