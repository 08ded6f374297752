package dev.signaltty.vt.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds where a run of printable ASCII ({@code 0x20}–{@code 0x7E}) ends, eight bytes at a time: the
 * text paths scan every byte of output for the next control, UTF-8 lead or row end, and a word between
 * two of them is a few bytes long, so a byte loop pays a compare pair and a branch per byte, and one
 * mispredicted exit per word, where one 8-byte test finds the first byte that is not printable.
 */
final class PrintableRun {

    // shared with NarrowRun, whose masks are built on the same per-byte arithmetic
    static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    static final long ONES = 0x0101010101010101L;
    static final long HIGH = 0x8080808080808080L;

    private PrintableRun() {
    }

    /** The first index in {@code [i, stop)} whose byte is not printable ASCII, or {@code stop}. */
    static int end(byte[] buf, int i, int stop) {
        while (i <= stop - 8) {
            int bad = notPrintable((long) LONG_LE.get(buf, i));
            if (bad < 8) {
                return i + bad;
            }
            i += 8;
        }
        while (i < stop && buf[i] >= 0x20 && buf[i] != 0x7F) { // signed: bytes >= 0x80 end it too
            i++;
        }
        return i;
    }

    /**
     * The index (0–7, little-endian) of the first byte of x that is not printable ASCII, 8 when all are.
     * Per byte, with its low seven bits l (no carry leaves a byte: l + 0x60 and l + 1 stay below 0x100):
     * the high bit of the byte is set for 0x80–0xFF, that of l + 1 for l = 0x7F, and that of l + 0x60
     * is clear for l below 0x20.
     */
    static int notPrintable(long x) {
        long low = x & LOW7;
        long bad = (x | (low + ONES) | ~(low + 0x60 * ONES)) & HIGH;
        return Long.numberOfTrailingZeros(bad) >>> 3;
    }
}
