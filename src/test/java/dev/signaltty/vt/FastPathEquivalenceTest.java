package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.signaltty.vt.internal.VtThroughputBench;

/**
 * The parser's fast paths (ASCII runs, whole UTF-8 sequences, whole CSI sequences) only fire when a
 * whole run or sequence is in one buffer; fed one byte at a time, every byte goes through the state
 * machine. Both must leave the same screen, history and attributes.
 */
class FastPathEquivalenceTest {

    @Test
    void feedingInOneBufferLeavesTheSameTerminalAsFeedingByteByByte() {
        byte[] mixed = VtThroughputBench.generate(256 * 1024);
        assertSameAfterWholeAndByteFeeds(mixed);
    }

    @Test
    void unusualSequencesFallBackToTheStateMachineWithTheSameResult() {
        String s = "a\u001b[?25l\u001b[1;31mred\u001b[ 2q\u001b[38:2::1:2:3mx\u001b[1;2\n3mz\u001b[>c"
            + "\u001b[" + "1;".repeat(40) + "4mmany\u001b[m\u00e9\u00c3(\u00ed\u00a0\ud83d\ude00\u0301"
            + "\u001b[99999999999999Hfar\u001b[2Jcleared\r\n";
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        byte[] withInvalid = new byte[bytes.length + 6];
        System.arraycopy(bytes, 0, withInvalid, 0, bytes.length);
        byte[] bad = {(byte) 0xE2, (byte) 0x82, 'x', (byte) 0xC0, (byte) 0xAF, (byte) 0xF5};
        System.arraycopy(bad, 0, withInvalid, bytes.length, bad.length);
        assertSameAfterWholeAndByteFeeds(withInvalid);
    }

    @Test
    void everyShortSequenceDecodesAsTheStateMachineDecodesIt() {
        // every lead byte with every continuation pair, valid or not, plus a lead cut short by ASCII,
        // and four-byte sequences around the overlong, surrogate and U+10FFFF limits
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int lead = 0x80; lead <= 0xFF; lead++) {
            for (int c1 = 0x80; c1 <= 0xBF; c1++) {
                for (int c2 = 0x80; c2 <= 0xBF; c2 += lead >= 0xE0 && lead <= 0xEF ? 1 : 21) {
                    out.writeBytes(new byte[] {(byte) lead, (byte) c1, (byte) c2, 'x'});
                }
            }
            out.writeBytes(new byte[] {(byte) lead, 'A', 'b', (byte) lead, (byte) 0x80, 'c'});
        }
        for (int lead = 0xF0; lead <= 0xF5; lead++) {
            for (int c1 = 0x80; c1 <= 0xBF; c1 += 7) {
                out.writeBytes(new byte[] {(byte) lead, (byte) c1, (byte) 0x80, (byte) 0xBF, 'y'});
            }
        }
        assertSameAfterWholeAndByteFeeds(out.toByteArray());
    }

    @Test
    void rowsWrittenFromTheirStartThenEditedLeaveTheSameTerminal() {
        // ADR 0445: text appended to a fresh row keeps only its compact form until something reads or
        // changes the cells; fed byte by byte, UTF-8 goes a character at a time and stores them
        String lines = "plain text \u00e9t\u00e9 \u6f22\u5b57 wide \ud83d\ude00 end\r\n".repeat(30);
        String s = lines + "\u001b[1;31mred\u001b[m and \u6f22\u5b57 after"
            + "\r\u001b[3Cover" // an overwrite inside a deferred row
            + "\r\n\u00e9t\u00e9 then\u001b[24;3H\u001b[2@ins" // ICH
            + "\u001b[20;3H\u001b[3P" // DCH
            + "\u001b[19;4H\u001b[5X" // ECH
            + "\u001b[18;6H\u001b[K" // EL from the middle
            + "\u001b[17;8H\u001b[1K" // EL to the left
            + "\u001b[16;2He\u0301" // a combining mark
            + "\u001b[15;10H\u001b[2b" // REP
            + "\u001b[14;1H\u001b[1;44m\u001b[K\u001b[m" // a coloured erase of a whole deferred row
            + "\u001b[24;1H\r\nlast line with text";
        assertSameAfterWholeAndByteFeeds(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void oneColumnSymbolsInTheTextRunLeaveTheSameTerminal() {
        // ADR 0690: the run takes 3-byte one-column symbols; across the row's end, before a mark, a wide or a
        // zero-width character, and as the character REP repeats
        StringBuilder s = new StringBuilder();
        String symbols = "\u2192 \u2014 \u20ac \u2713 \u2500\u2502\u250c \u2026 r\u00e9sum\u00e9 ";
        for (int shift = 0; shift < 12; shift++) {
            s.append("x".repeat(shift)).append(symbols.repeat(4)).append("\r\n"); // wraps at column 80
        }
        s.append("a\u2192\u001b[3b end\r\n"); // REP after a run that ends in a symbol
        s.append("\u2014\u20ac\u001b[2b\r\n");
        s.append("ab\u2713\u0301 \u2192\u231a \u2192\u200b\u2192 \u2192\u6f22 \u2192\ud83d\ude00\r\n");
        s.append("x".repeat(78)).append("\u2192\u2192\u2192\r\n"); // the last column, then a wrap
        s.append("x".repeat(79)).append("\u2192\u001b[2b\r\n");
        assertSameAfterWholeAndByteFeeds(s.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void linesCarriedOnOverCrLfLeaveTheSameTerminal() {
        // ADR 0691: the translator takes CR LF and the next line's text; byte by byte, the parser sends each
        String s = "a\r\nb\r\n\u001b[3b" // REP after a line's end repeats nothing
            + "c\r\nd\u001b[2b\r\n" // REP within the carried-on line
            + "x\r\n\u2192 arrow first\r\n\u0301 a mark first\r\n\r\n\r\nempty lines\r\n"
            + "\u001b[31mred\u001b[m\r\nplain\rover\r\n"
            + "x".repeat(80) + "\r\nafter a pending wrap\r\n"
            + "bad\r\n";
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        byte[] data = java.util.Arrays.copyOf(text, text.length + 3);
        data[text.length] = (byte) 0xC3; // an invalid sequence starts the last line
        data[text.length + 1] = '(';
        data[text.length + 2] = 'z';
        assertSameAfterWholeAndByteFeeds(data);
    }

    private static void assertSameAfterWholeAndByteFeeds(byte[] data) {
        Terminal whole = new Terminal(80, 24, new TerminalListener() { }, RingLimits.defaults(), 0);
        Terminal bytes = new Terminal(80, 24, new TerminalListener() { }, RingLimits.defaults(), 0);
        whole.feed(data, 0, data.length);
        for (int i = 0; i < data.length; i++) {
            bytes.feed(data, i, 1);
        }
        assertEquals(bytes.tail(100_000, true).text(), whole.tail(100_000, true).text());
        assertEquals(bytes.repaint(), whole.repaint());
        assertEquals(bytes.historyBytes(), whole.historyBytes());
        ScreenCells a = bytes.cells();
        ScreenCells b = whole.cells();
        assertEquals(java.util.Arrays.toString(a.codePoints()), java.util.Arrays.toString(b.codePoints()));
        assertEquals(java.util.Arrays.toString(a.attrs()), java.util.Arrays.toString(b.attrs()));
    }
}
