package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The eight-bytes-at-a-time run of one-column characters agrees with a character loop for every byte value
 * among ASCII and among narrow 2-byte letters, and for every lead byte followed by each kind of byte, at
 * every position, start and bound (ADR 0641).
 */
class NarrowRunTest {

    /**
     * The reference: printable ASCII, and whole, valid 2-byte sequences before stop whose lead
     * {@link NarrowRun#isNarrowLead} names (that those are all one column is checked below). Returns the
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
            if (d < 0 || (d & 7) != 2 || !NarrowRun.isNarrowLead(c)) {
                break;
            }
            i += 2;
            continuations++;
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
        byte[] text = "résumé naïve λ пример → x\r\n".getBytes(StandardCharsets.UTF_8);
        long run = NarrowRun.end(text, 0, text.length);
        int arrow = new String(text, StandardCharsets.UTF_8).indexOf('→');
        int arrowAt = "résumé naïve λ пример ".getBytes(StandardCharsets.UTF_8).length;
        assertEquals(arrowAt, (int) run);
        assertEquals(arrowAt - arrow, run >>> 32); // the bytes less the characters
    }
}
