package dev.signaltty.pane.internal.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

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
    }
}
