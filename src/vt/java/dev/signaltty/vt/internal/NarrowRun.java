package dev.signaltty.vt.internal;

import static dev.signaltty.vt.internal.PrintableRun.HIGH;
import static dev.signaltty.vt.internal.PrintableRun.LONG_LE;
import static dev.signaltty.vt.internal.PrintableRun.LOW7;
import static dev.signaltty.vt.internal.PrintableRun.ONES;

/**
 * Finds where a run of one-column characters ends, eight bytes at a time (ADR 0641): printable ASCII and the
 * 2-byte sequences whose code points are all one column wide, leads 0xC2–0xCB (U+0080–U+02FF: Latin-1,
 * Latin Extended, IPA) and 0xCE–0xD1 (U+0380–U+047F: Greek, Cyrillic). A word such as "résumé", "grün" or
 * "пример" is then part of the run around it; {@link PrintableRun} stops at each such letter, and every
 * change between ASCII and not costs the text scan a mispredicted branch or two.
 */
final class NarrowRun {

    private NarrowRun() {
    }

    /**
     * The run from {@code i} (where a character starts) up to the first byte in {@code [i, stop)} that is
     * neither printable ASCII nor part of a narrow 2-byte sequence whole before {@code stop}: that index in
     * the low 32 bits, and the continuation bytes in the run (its bytes less its characters) above them.
     */
    static long end(byte[] buf, int i, int stop) {
        long continuations = 0;
        while (i <= stop - 8) {
            long x = (long) LONG_LE.get(buf, i);
            long low = x & LOW7;
            long high = x & HIGH;
            // per byte, with its low seven bits l: l + (0x80 - k) sets the byte's high bit exactly when l >= k
            long printable = ~(x | (low + ONES) | ~(low + 0x60 * ONES)) & HIGH;
            long continuation = high & ~(low + 0x40 * ONES);
            long lead = high & ((low + 0x3E * ONES) & ~(low + 0x34 * ONES) | (low + 0x32 * ONES) & ~(low + 0x2E * ONES));
            long taken = printable | lead & continuation >>> 8 | continuation & lead << 8;
            long stopAt = ~taken & HIGH;
            if (stopAt == 0) {
                continuations += Long.bitCount(continuation);
                i += 8;
                continue;
            }
            int k = Long.numberOfTrailingZeros(stopAt) >>> 3;
            continuations += Long.bitCount(continuation & (1L << 8 * k) - 1);
            i += k;
            if (k < 7 || (lead & 1L << 63) == 0) {
                return i | continuations << 32;
            }
            // a narrow lead in the last byte: its continuation is in the next eight, which start at it
        }
        while (i < stop) { // the last bytes, one at a time
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: printable ASCII
                i++;
            } else if (isNarrowLead(c) && i + 1 < stop && (buf[i + 1] & 0xC0) == 0x80) {
                i += 2;
                continuations++;
            } else {
                break;
            }
        }
        return i | continuations << 32;
    }

    /** A lead byte (as a signed byte) whose 2-byte sequences are all one column wide. */
    static boolean isNarrowLead(int c) {
        return c >= (byte) 0xC2 && c <= (byte) 0xCB || c >= (byte) 0xCE && c <= (byte) 0xD1;
    }
}
