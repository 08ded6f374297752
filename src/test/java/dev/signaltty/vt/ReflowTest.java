package dev.signaltty.vt;

import static dev.signaltty.vt.TerminalTest.CSI;
import static dev.signaltty.vt.TerminalTest.ESC;
import static dev.signaltty.vt.TerminalTest.feed;
import static dev.signaltty.vt.TerminalTest.term;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A new width rewraps the main screen's soft-wrapped lines (ADR 0800, docs/05-rendered-ring.md
 * "Resize"): the text is kept whole, hard line ends stay, the cursor stays on its character. Where no
 * row reaches history, the rewrapped screen must equal a fresh terminal of the new width fed the same
 * bytes: that is the oracle for colours and wide characters.
 */
class ReflowTest {

    /** The screen a terminal of {@code cols} shows when {@code bytes} are fed to it from the start. */
    private static String fedAt(int cols, int rows, String bytes) {
        Terminal t = term(cols, rows);
        feed(t, bytes);
        return t.screen(true);
    }

    @Test
    void narrowingRewrapsAWrappedLine() {
        Terminal t = term(10, 4);
        feed(t, "0123456789abcde");
        assertEquals("0123456789\nabcde", t.screen(false));
        t.resize(6, 4);
        assertEquals("012345\n6789ab\ncde", t.screen(false));
        feed(t, "X");
        assertEquals("012345\n6789ab\ncdeX", t.screen(false), "the cursor stays after the text");
    }

    @Test
    void wideningJoinsTheRowsOfAWrappedLine() {
        Terminal t = term(5, 4);
        feed(t, "0123456789ab");
        t.resize(12, 4);
        assertEquals("0123456789ab", t.screen(false));
        t.resize(13, 4);
        feed(t, "X");
        assertEquals("0123456789abX", t.screen(false));
    }

    @Test
    void aLongHardLineIsSplitButHardLineEndsAreNeverJoined() {
        Terminal t = term(10, 6);
        feed(t, "abc\r\ndef\r\n0123456789\r\nxy");
        t.resize(20, 6);
        assertEquals("abc\ndef\n0123456789\nxy", t.screen(false));
        t.resize(4, 6);
        assertEquals("abc\ndef\n0123\n4567\n89\nxy", t.screen(false));
        t.resize(20, 6);
        assertEquals("abc\ndef\n0123456789\nxy", t.screen(false), "the split line is joined again");
    }

    @Test
    void theCursorStaysOnItsCharacterInTheMiddleOfALine() {
        Terminal t = term(10, 4);
        feed(t, "0123456789abcde" + CSI + "1;9H"); // on the '8'
        t.resize(6, 4);
        assertEquals(2, t.cells().cursorX());
        assertEquals(1, t.cells().cursorY());
        feed(t, "Z");
        assertEquals("012345\n67Z9ab\ncde", t.screen(false));
    }

    @Test
    void aPendingWrapStaysPendingAtTheEndOfAFullRow() {
        Terminal t = term(10, 4);
        feed(t, "0123456789"); // the cursor waits in the last column
        t.resize(5, 4);
        assertEquals("01234\n56789", t.screen(false));
        feed(t, "X");
        assertEquals("01234\n56789\nX", t.screen(false), "the next character wraps first");

        Terminal wide = term(5, 4);
        feed(wide, "01234");
        wide.resize(10, 4);
        feed(wide, "X");
        assertEquals("01234X", wide.screen(false), "on a wider row the cursor is just after the text");
    }

    @Test
    void aWideCharacterIsNeverSplitAcrossTheNewEdge() {
        String text = "ab漢字かな\r\n" + CSI + "1;33m字字字字" + CSI + "m";
        Terminal t = term(10, 5);
        feed(t, text);
        t.resize(5, 5);
        assertEquals("ab漢\n字か\nな\n字字\n字字", t.screen(false));
        assertEquals(fedAt(5, 5, text), t.screen(true));
        t.resize(3, 8);
        assertEquals(fedAt(3, 8, text), t.screen(true));
    }

    @Test
    void coloursGoWithTheirCharactersAcrossTheWrap() {
        String text = CSI + "31mred red red " + CSI + "1;44mbold on blue" + CSI + "m plain\r\n$ ";
        Terminal t = term(12, 6);
        feed(t, text);
        t.resize(7, 6);
        assertEquals(fedAt(7, 6, text), t.screen(true));
        t.resize(30, 6);
        assertEquals(fedAt(30, 6, text), t.screen(true));
    }

    @Test
    void theAlternateScreenIsCutNotRewrappedAndTheMainScreenIsRewrappedBehindIt() {
        Terminal t = term(10, 4);
        feed(t, "0123456789abc" + CSI + "?1049h" + CSI + "HALTERNATE!" + CSI + "2;1Hrow two");
        t.resize(5, 4);
        assertTrue(t.altScreen());
        assertEquals("ALTER\nrow t", t.screen(false), "the alternate screen is cut");
        feed(t, CSI + "?1049l");
        assertEquals("01234\n56789\nabc", t.screen(false), "the main screen was rewrapped");
        feed(t, "X");
        assertEquals("01234\n56789\nabcX", t.screen(false), "1049's saved cursor moved with its text");
    }

    @Test
    void shrinkingAndGrowingAgainGivesTheScreenBack() {
        String text = CSI + "32mgreen output line that is long" + CSI + "m\r\nshort\r\n"
            + "漢字 mixed with ascii text and more\r\n\r\n$ partial command typed";
        Terminal t = term(30, 24);
        feed(t, text);
        String original = t.screen(true);
        for (int i = 0; i < 3; i++) {
            t.resize(7, 24);
            assertFalse(original.equals(t.screen(true)));
            t.resize(30, 24);
            assertEquals(original, t.screen(true), "round trip " + i);
        }
        assertEquals(0, t.historyLines(), "the blank rows below the cursor took the longer layout");
        feed(t, "!");
        assertTrue(t.screen(false).endsWith("$ partial command typed!"));
    }

    @Test
    void aByteAtATimeFeedRewrapsAsAWholeFeed() {
        byte[] bytes = ("first line long enough to wrap twice\r\n" + CSI + "35m紫の文字" + CSI + "m and text\r\n> ")
            .getBytes(StandardCharsets.UTF_8);
        Terminal whole = term(16, 6);
        Terminal single = term(16, 6);
        whole.feed(bytes, 0, bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            single.feed(bytes, i, 1);
        }
        whole.resize(9, 6);
        single.resize(9, 6);
        // 37 cells make 4 rows of 9, 紫の文字 and text 2, the prompt 1: the first row goes to history
        assertEquals("e long en\nough to w\nrap twice\n紫の文字\nand text\n>", whole.screen(false));
        assertEquals(whole.screen(true), single.screen(true));
        assertEquals(whole.tail(100, true).text(), single.tail(100, true).text());
        feed(whole, "typed");
        feed(single, "typed");
        assertEquals(whole.screen(true), single.screen(true));
    }

    @Test
    void rowsPushedIntoHistoryKeepTheirWrapAndWideningLeavesHistoryAsItIs() {
        Terminal t = term(10, 3);
        feed(t, "0123456789abcdefghij\r\n$ ");
        t.resize(5, 3);
        assertEquals("abcde\nfghij\n$", t.screen(false));
        assertEquals("01234\n56789\nabcde\nfghij\n$", t.tail(10, false).text());
        assertEquals(2, t.historyLines());
        t.resize(10, 3);
        // the line began in history: its rows there keep their width, its rest is joined on the screen
        assertEquals("abcdefghij\n$", t.screen(false));
        assertEquals("01234\n56789\nabcdefghij\n$", t.tail(10, false).text());
        RenderedRead all = t.rendered(0, 100, false);
        assertEquals("01234\n56789\nabcdefghij\n$", all.text());
    }

    @Test
    void theSavedCursorStaysOnItsCharacter() {
        Terminal t = term(10, 4);
        feed(t, "0123456789abcde" + CSI + "3D" + ESC + "7" + CSI + "H"); // saved on the 'c'
        t.resize(6, 4);
        feed(t, ESC + "8Z");
        assertEquals("012345\n6789ab\nZde", t.screen(false));
    }

    @Test
    void theWrapFlagsFollowTheNewLayout() {
        Terminal t = term(10, 3);
        feed(t, "0123456789ab\r\nc");
        t.resize(4, 3);
        // 0123 4567 89ab c: the first row went to history
        assertEquals("4567\n89ab\nc", t.screen(false));
        boolean[] flags = t.wrapFlags();
        assertTrue(flags[0]);
        assertFalse(flags[1]);
        assertFalse(flags[2]);
    }

    /** A row kept as it was keeps no old number when it leaves: reads by number give history in screen order. */
    @Test
    void rowsLeavingForHistoryAreNumberedInScreenOrder() {
        Terminal t = term(10, 3);
        feed(t, "0123456789\r\nshort\r\n$ ");
        long seen = t.rendered(0, 100, false).nextSeq(); // every row numbered: "short" before the split line's rows
        t.resize(5, 1);
        assertEquals("01234\n56789\nshort\n$", t.rendered(0, 100, false).text());
        assertEquals("01234\n56789\nshort\n$", t.rendered(seen, 100, false).text(), "all of them changed");
    }

    /**
     * OSC 133 ranges are line numbers, and a resize renumbers every screen row: the commands' boundaries
     * move with their rows, so the last command's output (pane.read last_command) keeps its lines. On
     * main every resize, even of rows alone, left it empty.
     */
    @Test
    void aCommandsOutputKeepsItsLinesAcrossResizes() {
        String osc = ESC + "]133;";
        Terminal t = term(20, 10);
        feed(t, osc + "A\u0007$ " + osc + "B\u0007ls\r\n" + osc + "C\u0007out one\r\nout-two-is-a-much-longer-line\r\n"
            + osc + "D;0\u0007" + osc + "A\u0007$ " + osc + "B\u0007make\r\n" + osc + "C\u0007building");
        assertEquals("out one\nout-two-is-a-much-longer-line", t.command(0, 100, false).output());
        t.resize(20, 8);
        assertEquals("out one\nout-two-is-a-much-longer-line", t.command(0, 100, false).output(), "rows only");
        t.resize(9, 8);
        assertEquals("out one\nout-two-is-a-much-longer-line", t.command(0, 100, false).output(), "rewrapped");
        t.resize(30, 8);
        assertEquals("out one\nout-two-is-a-much-longer-line", t.command(0, 100, false).output(), "joined again");
        feed(t, " done\r\n" + osc + "D;0\u0007" + osc + "A\u0007$ ");
        assertEquals("building done", t.command(0, 100, false).output(), "the running command's start moved too");
        assertEquals("out one\nout-two-is-a-much-longer-line", t.command(1, 100, false).output());
    }
}
