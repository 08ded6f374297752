package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A main-screen row written left to right keeps its compact form and history copies it (ADR 0112);
 * every other edit makes history encode the cells. Either way a row must read the same from history
 * as it did on the screen just before it scrolled off, and the same whether its bytes arrived at once
 * or one by one (the byte-by-byte path never takes the text fast path).
 */
class ScrolledRowTest {

    static final String CSI = "\u001b[";

    static Stream<Arguments> edits() {
        return Stream.of(
            Arguments.of("plain text", "hello world"),
            Arguments.of("an overwrite from the start", "abcdef\rXY"),
            Arguments.of("an overwrite after mixed text", "日本 grün\rλ→"),
            Arguments.of("an erase of the line, then new text", "old text\r" + CSI + "Knew ✓ text"),
            Arguments.of("an erase from the middle", "abcdef" + CSI + "3D" + CSI + "K"),
            Arguments.of("an erase past the text", "abc" + CSI + "K" + "def"),
            Arguments.of("a gap left by a cursor move", "ab" + CSI + "5Ccd→"),
            Arguments.of("wide characters and a tail overwritten", "日本語abc" + CSI + "4D" + "x"),
            Arguments.of("attributes and trailing blanks", CSI + "1mbold" + CSI + "0m plain  " + CSI + "44m   "),
            Arguments.of("a trailing blank with its own colour", "x" + CSI + "31m " + CSI + "0m"),
            Arguments.of("a combining mark", "e\u0301 then more"),
            Arguments.of("an insert", "abc" + CSI + "2D" + CSI + "@X"),
            Arguments.of("a delete", "abcdef" + CSI + "3D" + CSI + "P"),
            Arguments.of("an erase of characters", "abcdef" + CSI + "4D" + CSI + "2X"),
            Arguments.of("insert mode", CSI + "4habc\rX→" + CSI + "4l"),
            Arguments.of("line drawing characters", "\u001b(0qqqx\u001b(B ok"),
            Arguments.of("a wrap in mixed text", "αβγ".repeat(9)),
            Arguments.of("a wide character at the edge", "a".repeat(19) + "日本"),
            Arguments.of("no autowrap", CSI + "?7l" + "ü".repeat(25) + CSI + "?7h"),
            Arguments.of("the alignment test", "\u001b#8"),
            Arguments.of("a repeat", "ab→" + CSI + "3b"),
            Arguments.of("a control inside text", "ab\u00e9\u0007cd\u00e9\bx"),
            Arguments.of("a reverse index over text", "top\r\nnext" + "\u001bM" + "\u001bMup")
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void readsTheSameFromHistoryAsOnTheScreen(String name, String edit) {
        Terminal t = TerminalTest.term(20, 3);
        TerminalTest.feed(t, edit);
        List<String> before = Arrays.asList(t.screen(true).split("\n", -1));
        TerminalTest.feed(t, "\n".repeat(6)); // line feeds alone move no cell: every row scrolls off as it was
        List<String> history = Arrays.asList(t.tail(100, true).text().split("\n", -1));
        assertEquals(before, history.subList(0, before.size()), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void leavesTheSameHistoryFedAtOnceOrByteByByte(String name, String edit) {
        byte[] bytes = (edit + "\r\n" + edit + "\n".repeat(6)).getBytes(StandardCharsets.UTF_8);
        Terminal whole = TerminalTest.term(20, 3);
        Terminal single = TerminalTest.term(20, 3);
        whole.feed(bytes, 0, bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            single.feed(bytes, i, 1);
        }
        assertEquals(single.rendered(0, 100, true), whole.rendered(0, 100, true), name);
        assertEquals(single.historyBytes(), whole.historyBytes());
    }

    @Test
    void aRowRewrappedByANarrowerScreenReadsAsShown() {
        Terminal t = TerminalTest.term(20, 3);
        TerminalTest.feed(t, "0123456789→日本語");
        t.resize(12, 3); // rewrapped (ADR 0800): 日 does not fit the new edge and starts the next row
        String before = t.screen(true);
        assertEquals("0123456789→\n日本語", t.screen(false));
        TerminalTest.feed(t, "\n".repeat(6));
        String[] history = t.tail(100, true).text().split("\n", -1);
        assertEquals(before, history[0] + "\n" + history[1]);
    }
}
