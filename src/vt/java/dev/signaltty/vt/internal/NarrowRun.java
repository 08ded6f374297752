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
 * change between ASCII and not costs the text scan a mispredicted branch or two. Where the eight bytes stop
 * at a 3-byte sequence of a one-column character (→ — € ✓ … box drawing, ADR 0690), the run takes it and goes
 * on: the bitmap {@link #NARROW3} answers for every code point a 3-byte sequence can name.
 */
final class NarrowRun {

    /**
     * Bit cp (of U+0000–U+FFFF) set when cp's 3-byte sequence is a valid one-column character: from U+0800
     * (below, a 3-byte form is overlong), never a surrogate, and {@link CharWidth#of} 1. 8 KiB.
     */
    private static final long[] NARROW3 = narrow3();

    private NarrowRun() {
    }

    /**
     * The run from {@code i} (where a character starts) up to the first byte in {@code [i, stop)} that is
     * neither printable ASCII nor part of a narrow 2-byte sequence or a one-column 3-byte sequence whole before
     * {@code stop}: that index in the low 32 bits, and the continuation bytes in the run (its bytes less its
     * characters) above them.
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
            if (k == 7 && (lead & 1L << 63) != 0) {
                continue; // a narrow lead in the last byte: its continuation is in the next eight, which start at it
            }
            if (!isNarrow3(buf, i, stop)) {
                return i | continuations << 32;
            }
            i += 3;
            continuations += 2;
        }
        return tail(buf, i, stop, continuations);
    }

    /**
     * {@link #end}'s last bytes, one at a time. A method of its own: a run seldom ends within eight bytes of
     * its bound (a chunk's or a row's end), and with this loop in it {@code end} is more bytecode than C2
     * inlines into the text scan (FreqInlineSize).
     */
    private static long tail(byte[] buf, int i, int stop, long continuations) {
        while (i < stop) {
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: printable ASCII
                i++;
            } else if (isNarrowLead(c) && i + 1 < stop && (buf[i + 1] & 0xC0) == 0x80) {
                i += 2;
                continuations++;
            } else if (isNarrow3(buf, i, stop)) {
                i += 3;
                continuations += 2;
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

    /** Whether {@code buf[i, i + 3)}, before stop, is a whole, valid 3-byte sequence of a one-column character. */
    static boolean isNarrow3(byte[] buf, int i, int stop) {
        if (i + 3 > stop) {
            return false;
        }
        int lead = buf[i];
        int second = buf[i + 1];
        int third = buf[i + 2];
        if ((lead & 0xF0) != 0xE0 || (((second ^ 0x80) | (third ^ 0x80)) & 0xC0) != 0) {
            return false;
        }
        int cp = (lead & 0x0F) << 12 | (second & 0x3F) << 6 | third & 0x3F;
        return (NARROW3[cp >>> 6] & 1L << cp) != 0; // a long shift takes cp's low six bits
    }

    private static long[] narrow3() {
        long[] bits = new long[0x10000 / 64];
        CharWidth.oneColumn(bits, 0x800, 0xD800); // not the surrogates
        CharWidth.oneColumn(bits, 0xE000, 0x10000);
        return bits;
    }
}
