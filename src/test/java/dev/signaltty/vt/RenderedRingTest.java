package dev.signaltty.vt;

import static dev.signaltty.vt.TerminalTest.CSI;
import static dev.signaltty.vt.TerminalTest.feed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The rendered ring (docs/05-rendered-ring.md) through Terminal.rendered. */
class RenderedRingTest {

    static final long BASE = 7L << 32;

    static Terminal term(int cols, int rows, RingLimits limits) {
        return new Terminal(cols, rows, new TerminalListener() { }, limits, BASE);
    }

    static Terminal term(int cols, int rows) {
        return term(cols, rows, RingLimits.defaults());
    }

    static List<String> texts(RenderedRead r) {
        return r.lines().stream().map(RenderedLine::text).toList();
    }

    @Nested
    class FromTheStart {

        @Test
        void returnsEveryRetainedLineForCursorZero() { // seed R89
            Terminal t = term(20, 3);
            feed(t, "a\r\nb\r\nc\r\nd");
            RenderedRead r = t.rendered(0, 200, false);
            assertEquals(List.of("a", "b", "c", "d"), texts(r));
            assertEquals("a\nb\nc\nd", r.text());
            assertFalse(r.dropped());
            assertFalse(r.truncated());
        }

        @Test
        void numbersLinesAboveTheRunBaseInAscendingOrder() {
            Terminal t = term(20, 3);
            feed(t, "a\r\nb\r\nc\r\nd");
            RenderedRead r = t.rendered(0, 200, false);
            long prev = BASE;
            for (RenderedLine line : r.lines()) {
                assertTrue(line.seq() > prev);
                prev = line.seq();
            }
            assertEquals(r.lines().get(0).seq(), r.seq()); // seed R91
            assertEquals(t.headSeq(), r.nextSeq()); // seed R92
        }

        @Test
        void inNumberOrderWhenHistoryHoldsThemOutOfOrder() {
            Terminal t = term(20, 4);
            feed(t, "a\r\nb\r\nc\r\nd");
            t.headSeq(); // numbers a..d top to bottom
            // a region below the top scrolls "b" into history (as tmux does), then the whole screen "a":
            // history holds b before a, though a has the lower number
            feed(t, CSI + "2;4r" + CSI + "4;1H\n" + CSI + "r" + CSI + "4;1H\n");
            RenderedRead r = t.rendered(0, 200, false);
            assertEquals(List.of("a", "b", "c", "d"), texts(r).subList(0, 4));
            assertEquals("a", t.tail(200, false).text().split("\n")[1], "history keeps scroll order");
            RenderedRead newest = t.rendered(0, 3, false);
            assertEquals(List.of("b", "c", "d"), texts(newest), "a limit keeps the highest numbers");
            assertTrue(newest.truncated());
        }

        @Test
        void answersAnEmptyTerminalWithTheHead() {
            Terminal t = term(20, 3);
            RenderedRead r = t.rendered(0, 200, false);
            assertEquals(List.of(), r.lines());
            assertEquals(BASE, r.seq());
            assertEquals(BASE, r.nextSeq());
            assertFalse(r.dropped());
        }
    }

    @Nested
    class WithACursor {

        @Test
        void returnsOnlyNewerLines() {
            Terminal t = term(20, 5);
            feed(t, "one\r\ntwo\r\n");
            long cursor = t.rendered(0, 200, false).nextSeq();
            feed(t, "three\r\nfour\r\n");
            RenderedRead r = t.rendered(cursor, 200, false);
            assertEquals(List.of("three", "four"), texts(r));
            assertEquals(List.of(), texts(t.rendered(r.nextSeq(), 200, false)));
        }

        @Test
        void keepsNumbersOfLinesScrollingIntoHistory() { // seed R101 (history keeps its numbers)
            Terminal t = term(20, 2);
            feed(t, "one\r\ntwo");
            RenderedRead before = t.rendered(0, 200, false);
            feed(t, "\r\nthree\r\nfour");
            RenderedRead after = t.rendered(0, 200, false);
            assertEquals(before.lines(), after.lines().subList(0, 2));
            assertEquals(List.of("three", "four"), texts(t.rendered(before.nextSeq(), 200, false)));
        }

        @Test
        void bumpsRepaintedRowsSoTheyReappear() { // seed R101
            Terminal t = term(30, 3);
            feed(t, "progress 10%\r\nstatic");
            long cursor = t.rendered(0, 200, false).nextSeq();
            feed(t, CSI + "1;1H" + "progress 90%");
            RenderedRead r = t.rendered(cursor, 200, false);
            assertEquals(List.of("progress 90%"), texts(r));
            assertTrue(r.seq() > cursor);
        }

        @Test
        void returnsTheNewestLinesWhenMoreThanAskedMatched() { // seed R96
            Terminal t = term(20, 3);
            long cursor = t.headSeq();
            for (int i = 0; i < 10; i++) {
                feed(t, "l" + i + "\r\n");
            }
            RenderedRead r = t.rendered(cursor, 3, false);
            assertTrue(r.truncated());
            assertEquals(List.of("l7", "l8", "l9"), texts(r));
            assertFalse(r.dropped());
        }
    }

    @Nested
    class Dropped {

        @Test
        void whenTheCursorIsOlderThanRetainedScrollback() { // seed R93
            Terminal t = term(20, 2, new RingLimits(5, 1 << 20));
            feed(t, "first\r\n");
            long cursor = t.headSeq();
            for (int i = 0; i < 20; i++) {
                feed(t, "l" + i + "\r\n");
            }
            RenderedRead r = t.rendered(cursor, 200, false);
            assertTrue(r.dropped());
            assertEquals("l14", r.lines().get(0).text(), "a dropped read restarts from the oldest retained line");
        }

        @Test
        void notWhenOnlyLinesTheCursorAlreadySawWereEvicted() {
            Terminal t = term(20, 2, new RingLimits(5, 1 << 20));
            for (int i = 0; i < 20; i++) {
                feed(t, "l" + i + "\r\n");
            }
            long cursor = t.headSeq();
            feed(t, "new\r\n");
            assertFalse(t.rendered(cursor, 200, false).dropped());
        }

        @Test
        void whenTheCursorIsAheadOfTheHead() { // seed R94
            Terminal t = term(20, 2);
            feed(t, "x");
            assertTrue(t.rendered(t.headSeq() + 1, 200, false).dropped());
        }

        @Test
        void whenTheCursorComesFromAnotherRun() { // seed R95
            Terminal before = new Terminal(20, 2, new TerminalListener() { }, RingLimits.defaults(), 3L << 32);
            feed(before, "x\r\ny");
            long oldCursor = before.headSeq();
            Terminal t = term(20, 2);
            feed(t, "x\r\ny");
            assertTrue(t.rendered(oldCursor, 200, false).dropped());
        }

        @Test
        void neverForCursorZero() {
            Terminal t = term(20, 2, new RingLimits(2, 1 << 20));
            for (int i = 0; i < 20; i++) {
                feed(t, "l" + i + "\r\n");
            }
            assertFalse(t.rendered(0, 200, false).dropped());
        }

        @Test
        void whenTheByteCapEvictedUnseenLines() {
            Terminal t = term(40, 2, new RingLimits(10_000, 2_000));
            long cursor = t.headSeq();
            for (int i = 0; i < 200; i++) {
                feed(t, "a fairly long line number " + i + "\r\n");
            }
            assertTrue(t.historyBytes() <= 2_000);
            assertTrue(t.rendered(cursor, 200, false).dropped());
        }
    }

    @Nested
    class AfterAClear {

        static final String CLEAR = CSI + "H" + CSI + "2J" + CSI + "3J";

        @Test
        void dropsHistoryAndCursorsFromBeforeIt() { // seed R114, seed R115
            Terminal t = term(20, 2);
            feed(t, "a\r\nb\r\nc\r\nd");
            long before = t.headSeq();
            feed(t, CLEAR);
            assertEquals("", t.tail(100, false).text());
            assertTrue(t.rendered(before, 200, false).dropped());
            long after = t.headSeq();
            feed(t, "fresh");
            RenderedRead r = t.rendered(after, 200, false);
            assertFalse(r.dropped());
            assertEquals(List.of("fresh"), texts(r));
        }

        @Test
        void keepsTheMainTextWhenTheClearHappensInTheAltScreen() { // seed R117
            Terminal t = term(20, 3);
            feed(t, "shell line\r\n" + CSI + "?1049h" + "tui" + CSI + "H" + CSI + "2J");
            assertEquals("", t.screen(false));
            feed(t, CSI + "?1049l");
            assertEquals("shell line", t.screen(false));
        }
    }

    @Nested
    class WhenAltScreenIsActive {

        @Test
        void appendsNothingToHistory() { // seed R102
            Terminal t = term(20, 3);
            feed(t, "main\r\n");
            feed(t, CSI + "?1049h");
            for (int i = 0; i < 50; i++) {
                feed(t, "tui " + i + "\r\n");
            }
            assertEquals(0, t.historyLines());
            feed(t, CSI + "?1049l");
            assertEquals("main", t.tail(100, false).text());
        }

        @Test
        void readsTheAltGridAndBumpsRepaintedRows() { // seed R100, seed R101
            Terminal t = term(20, 3);
            feed(t, "main\r\n" + CSI + "?1049h" + CSI + "H" + "top\r\nmiddle");
            RenderedRead first = t.rendered(0, 200, false);
            assertEquals(List.of("top", "middle"), texts(first));
            feed(t, CSI + "2;1H" + CSI + "K" + "changed");
            assertEquals(List.of("changed"), texts(t.rendered(first.nextSeq(), 200, false)));
        }

        @Test
        void showsTheMainTextAgainAsNewLinesAfterExit() {
            Terminal t = term(20, 3);
            feed(t, "main\r\n" + CSI + "?1049h" + "tui");
            long cursor = t.headSeq();
            feed(t, CSI + "?1049l");
            assertEquals(List.of("main"), texts(t.rendered(cursor, 200, false)));
        }
    }

    @Nested
    class Memory {

        @Test
        void holdsTenThousandFortyCharacterLinesCompactly() {
            Terminal t = term(80, 24);
            StringBuilder chunk = new StringBuilder();
            for (int i = 0; i < 10_100; i++) {
                chunk.append(String.format("%05d the quick brown fox jumps over it", i)).append("\r\n");
            }
            feed(t, chunk.toString());
            assertEquals(10_000, t.historyLines());
            // the byte cap's own estimate; docs/benchmarks figures measure the heap itself
            assertTrue(t.historyBytes() < 1_200_000, "history bytes " + t.historyBytes());
        }
    }
}
