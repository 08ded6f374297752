package dev.signaltty.vt;

import static dev.signaltty.vt.TerminalTest.CSI;
import static dev.signaltty.vt.TerminalTest.ESC;
import static dev.signaltty.vt.TerminalTest.feed;
import static dev.signaltty.vt.TerminalTest.term;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Reads that join soft-wrapped rows into the logical line the program printed (a command's output,
 * pane.read last_command and pane.run) keep the spaces a wrapped row ends in: the row was written up to
 * its last column, so a space there is between two words (ADR 0830). Reads of single rows still trim
 * them, as tmux's capture-pane does. And leaving the alternate screen, which gives every main screen row
 * a new number, keeps a command's output on its rows.
 */
class WrappedLineJoinTest {

    private static final String OSC = ESC + "]133;";

    /** A prompt, then {@code output} as a command's, then the next prompt. */
    private static String command(String line, String output) {
        return OSC + "A\u0007$ " + OSC + "B\u0007" + line + "\r\n" + OSC + "C\u0007" + output + OSC + "D;0\u0007"
            + OSC + "A\u0007$ ";
    }

    @Test
    void aSpaceInTheLastColumnIsKeptWhenTheRowsAreJoined() {
        Terminal t = term(10, 8);
        feed(t, command("echo", "the quick brown fox\r\n"));
        assertEquals("the quick brown fox", t.command(0, 100, false).output());
        assertEquals("the quick brown fox", t.command(0, 100, true).output(), "with attributes too");
        assertEquals("$ echo\nthe quick\nbrown fox\n$", t.screen(false), "a row on its own is trimmed");
        assertEquals("$ echo\nthe quick\nbrown fox\n$", t.tail(10, false).text());
        assertEquals("the quick", t.rendered(0, 100, false).lines().get(1).text());
        assertEquals(1, t.search(s -> s.endsWith("quick") ? 0 : -1, 10).total(), "search reads rows as shown");
    }

    @Test
    void spacesAcrossTheWrapAreAllKept() {
        Terminal t = term(10, 8);
        feed(t, command("echo", "ab" + " ".repeat(10) + "cd\r\n"));
        assertEquals("ab" + " ".repeat(10) + "cd", t.command(0, 100, false).output());
    }

    @Test
    void theGapAWideCharacterLeavesIsNotASpace() {
        Terminal t = term(5, 8);
        feed(t, command("echo", "abcd\u4e2d\u6587\r\n"));
        assertEquals("abcd\u4e2d\u6587", t.command(0, 100, false).output());
    }

    @Test
    void theSpaceIsKeptInHistoryAfterTheRowsScrolledOff() {
        Terminal t = term(10, 4);
        // written left to right (the flood's path, whose compact form history copies) and overwritten
        // (encoded from its cells)
        feed(t, command("echo", "the quick brown fox\r\nXXXXXXXXXX\rthe quick brown dog\r\n1\r\n2\r\n3\r\n4\r\n"));
        assertEquals("the quick brown fox\nthe quick brown dog\n1\n2\n3\n4", t.command(0, 100, false).output());
        assertEquals("the quick\nbrown fox\nthe quick\nbrown dog", t.tail(100, false).text().lines().limit(5).skip(1)
            .reduce((a, b) -> a + "\n" + b).orElseThrow(), "history's rows on their own are trimmed");
    }

    @Test
    void theSpaceIsKeptWhenAResizeRewrapsTheLine() {
        Terminal t = term(20, 8);
        feed(t, command("echo", "the quick brown fox\r\n"));
        t.resize(10, 8); // "the quick " now ends a row
        assertEquals("the quick\nbrown fox", String.join("\n", t.screen(false).lines().toList().subList(1, 3)));
        assertEquals("the quick brown fox", t.command(0, 100, false).output());
        t.resize(20, 8);
        assertEquals("the quick brown fox", t.command(0, 100, false).output());
    }

    @Test
    void aCommandsOutputKeepsItsLinesAfterTheAlternateScreen() {
        Terminal t = term(20, 10);
        feed(t, command("seq 3", "1\r\n2\r\n3\r\n"));
        assertEquals("1\n2\n3", t.command(0, 100, false).output());
        // the next command is a full-screen one (less, vim): in and out of the alternate screen
        feed(t, "less\r\n" + OSC + "C\u0007" + CSI + "?1049h" + CSI + "H~\r\n~\r\n(END)" + CSI + "?1049l" + OSC
            + "D;0\u0007" + OSC + "A\u0007$ ");
        assertEquals("", t.command(0, 100, false).output());
        assertEquals("1\n2\n3", t.command(1, 100, false).output(), "the earlier command's lines");
    }

    @Test
    void aCommandThatUsesTheAlternateScreenKeepsWhatItPrintedAroundIt() {
        Terminal t = term(20, 10);
        feed(t, OSC + "A\u0007$ " + OSC + "B\u0007git commit\r\n" + OSC + "C\u0007before\r\n" + CSI + "?1049h"
            + "editing" + CSI + "?1049l" + "after\r\n" + OSC + "D;0\u0007" + OSC + "A\u0007$ ");
        assertEquals("before\nafter", t.command(0, 100, false).output());
        feed(t, "vi\r\n" + OSC + "C\u0007" + CSI + "?47h" + "x" + CSI + "?47l" + OSC + "D;0\u0007" + OSC + "A\u0007$ ");
        assertEquals("before\nafter", t.command(1, 100, false).output(), "47 too");
    }

    @Test
    void aResizeWhileTheAlternateScreenIsShownKeepsTheLines() {
        Terminal t = term(20, 10);
        feed(t, command("echo", "the quick brown fox\r\n") + "less\r\n" + OSC + "C\u0007" + CSI + "?1049h" + "~");
        t.resize(10, 10); // the main screen is rewrapped behind the alternate one
        feed(t, CSI + "?1049l" + OSC + "D;0\u0007" + OSC + "A\u0007$ ");
        assertEquals("the quick brown fox", t.command(1, 100, false).output());
    }
}
