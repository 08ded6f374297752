package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The eight-bytes-at-a-time run of one-column characters agrees with a character loop for every byte value
 * among ASCII and among narrow 2-byte letters, for every lead byte followed by each kind of byte, and for
 * every 3-byte sequence, at every position, start and bound (ADRs 0641, 0690).
 */
class NarrowRunTest {

    /**
     * The reference: printable ASCII, whole, valid 2-byte sequences before stop whose lead
     * {@link NarrowRun#isNarrowLead} names (that those are all one column is checked below), and whole, valid
     * 3-byte sequences before stop whose character {@link CharWidth#of} gives one column. Returns the
     * end | continuations << 32, as {@link NarrowRun#end}.
     */
    private static long characterLoop(byte[] buf, int i, int stop) {
        long continuations = 0;
        while (i < stop) {
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) {
                i++;
                continue;
            }
            int d = c < 0 ? Utf8.decode(buf, i, stop) : -1;
            if (d >= 0 && (d & 7) == 2 && NarrowRun.isNarrowLead(c)) {
                i += 2;
                continuations++;
            } else if (d >= 0 && (d & 7) == 3 && CharWidth.of(d >>> 3) == 1) {
                i += 3;
                continuations += 2;
            } else {
                break;
            }
        }
        return i | continuations << 32;
    }

    /** Every code point of this lead's 2-byte sequences is one column wide, asked of CharWidth itself. */
    private static boolean narrowLead(int lead) {
        for (int second = 0x80; second <= 0xBF; second++) {
            if (CharWidth.of((lead & 0x1F) << 6 | second & 0x3F) != 1) {
                return false;
            }
        }
        return true;
    }

    private static void checkAll(byte[] buf, String what) {
        for (int from = 0; from < buf.length; from++) {
            for (int stop = from; stop <= buf.length; stop++) {
                long expected = characterLoop(buf, from, stop);
                long got = NarrowRun.end(buf, from, stop);
                if (got != expected) {
                    fail(what + ", from " + from + " to " + stop + ": expected end " + (int) expected + " with "
                        + (expected >>> 32) + " continuations, got " + (int) got + " with " + (got >>> 32));
                }
            }
        }
    }

    @Test
    void everyByteValueAmongAsciiAndAmongNarrowLetters() {
        byte[] ascii = new byte[20];
        byte[] letters = new byte[20];
        for (int b = 0; b < 256; b++) {
            for (int at = 0; at < ascii.length; at++) {
                java.util.Arrays.fill(ascii, (byte) 'x');
                ascii[at] = (byte) b;
                checkAll(ascii, "byte " + Integer.toHexString(b) + " at " + at + " among ASCII");
                for (int k = 0; k < letters.length; k += 2) { // "éé…": C3 A9 pairs
                    letters[k] = (byte) 0xC3;
                    letters[k + 1] = (byte) 0xA9;
                }
                letters[at] = (byte) b;
                checkAll(letters, "byte " + Integer.toHexString(b) + " at " + at + " among letters");
            }
        }
    }

    @Test
    void everyLeadWithEachKindOfSecondByteAtEveryPosition() {
        byte[] buf = new byte[18];
        // a control, a space, a letter, DEL, continuations (low, middle, high), no continuation, leads, 0xFF
        int[] seconds = {0x00, 0x20, 0x41, 0x7F, 0x80, 0x9F, 0xA9, 0xBF, 0xC0, 0xC3, 0xD0, 0xE2, 0xFF};
        for (int lead = 0x80; lead <= 0xFF; lead++) {
            for (int second : seconds) {
                for (int at = 0; at + 1 < buf.length; at++) {
                    java.util.Arrays.fill(buf, (byte) 'x');
                    buf[at] = (byte) lead;
                    buf[at + 1] = (byte) second;
                    checkAll(buf, String.format("%02X %02X at %d", lead, second, at));
                }
            }
        }
    }

    /**
     * Every 3-byte sequence (leads E0–EF, both continuations 80–BF: overlong forms and surrogates among them),
     * and each lead with a bad third byte, at every position of the first two eight-byte words, among ASCII and
     * after a letter, from several starts to every bound.
     */
    @Test
    void everyThreeByteSequenceAtEveryPosition() {
        byte[] buf = new byte[19];
        int[] thirds = new int[64 + 4];
        for (int t = 0; t < 64; t++) {
            thirds[t] = 0x80 + t;
        }
        thirds[64] = 0x20;
        thirds[65] = 0x0D;
        thirds[66] = 0xC3;
        thirds[67] = 0xE2;
        for (int lead = 0xE0; lead <= 0xEF; lead++) {
            for (int second = 0x80; second <= 0xBF; second++) {
                for (int third : thirds) {
                    for (int at = 0; at + 2 < buf.length; at++) {
                        java.util.Arrays.fill(buf, (byte) 'x');
                        if (at >= 2) { // a narrow letter before it, so the run has a continuation to count
                            buf[at - 2] = (byte) 0xC3;
                            buf[at - 1] = (byte) 0xA9;
                        }
                        buf[at] = (byte) lead;
                        buf[at + 1] = (byte) second;
                        buf[at + 2] = (byte) third;
                        for (int from : new int[] {0, 1, Math.max(0, at - 2), at}) {
                            for (int stop = from; stop <= buf.length; stop++) {
                                long expected = characterLoop(buf, from, stop);
                                long got = NarrowRun.end(buf, from, stop);
                                if (got != expected) {
                                    fail(String.format("%02X %02X %02X at %d, from %d to %d: expected %d (%d), got %d (%d)",
                                        lead, second, third, at, from, stop, (int) expected, expected >>> 32,
                                        (int) got, got >>> 32));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void oneColumnSymbolsStayInTheRunZeroWidthAndWideOnesEndIt() {
        String before = "résumé → naïve — λ € пример ✓ ─│┌ x ";
        for (String ender : new String[] {"\u200B", "\u2060", "\u20D0", "\u231A", "\u2705", "漢", "\r\n"}) {
            byte[] text = (before + ender + "tail").getBytes(StandardCharsets.UTF_8);
            long run = NarrowRun.end(text, 0, text.length);
            int at = before.getBytes(StandardCharsets.UTF_8).length;
            assertEquals(at, (int) run, ender);
            assertEquals(at - before.length(), run >>> 32, ender); // the bytes less the characters
        }
    }

    @Test
    void narrowLeadsStartOnlyOneColumnLetters() {
        int narrow = 0;
        for (int lead = 0x80; lead <= 0xFF; lead++) {
            if (NarrowRun.isNarrowLead((byte) lead)) {
                assertEquals(true, lead >= 0xC2 && lead < 0xE0 && narrowLead(lead), Integer.toHexString(lead));
                narrow++;
            }
        }
        assertEquals(14, narrow); // C2–CB (Latin-1 to IPA) and CE–D1 (Greek, Cyrillic)
    }

    @Test
    void takesWordsOfLatinGreekAndCyrillicWhole() {
        byte[] text = "résumé naïve λ пример \u0301x\r\n".getBytes(StandardCharsets.UTF_8);
        long run = NarrowRun.end(text, 0, text.length);
        int mark = new String(text, StandardCharsets.UTF_8).indexOf('\u0301'); // a combining mark ends it
        int markAt = "résumé naïve λ пример ".getBytes(StandardCharsets.UTF_8).length;
        assertEquals(markAt, (int) run);
        assertEquals(markAt - mark, run >>> 32); // the bytes less the characters
    }
}
