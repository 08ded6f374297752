package dev.signaltty.vt.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The packed form of a history line (ADR 0111), as {@link History} writes it into its pages and as a
 * transcript exports it:
 * <pre>
 *   varint  textLength &lt;&lt; 1 | wrapped
 *   varint  number of runs
 *   bytes   text (UTF-8)
 *   runs    per run: varint byte offset in the text, 8 bytes attribute (little-endian)
 * </pre>
 * History keeps where each record lies and what it is numbered; this is how one is written and read.
 */
final class LineRecord {

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** What {@link #readAll} hands each record it reads to. */
    interface Sink {
        void line(byte[] text, int textLength, long[] runs, int runsLength, boolean wrapped);
    }

    private LineRecord() {
    }

    /** The most bytes a record of this text and these runs can take (each varint at most 5 bytes). */
    static int maxLength(int textLength, int runCount) {
        return 10 + textLength + 13 * runCount;
    }

    /** Writes a record at {@code at}; where it ends. {@code runs} holds {@code runCount} offset/attribute pairs. */
    static int write(byte[] out, int at, byte[] text, int textLength, long[] runs, int runCount, boolean wrapped) {
        at = putVarint(out, at, textLength << 1 | (wrapped ? 1 : 0));
        at = putVarint(out, at, runCount);
        System.arraycopy(text, 0, out, at, textLength);
        at += textLength;
        for (int r = 0; r < 2 * runCount; r += 2) {
            at = putVarint(out, at, (int) runs[r]);
            LONG_LE.set(out, at, runs[r + 1]);
            at += 8;
        }
        return at;
    }

    /** The record at {@code at}, decoded as the line numbered {@code seq}. */
    static HistoryLine decode(byte[] in, int at, long seq) {
        int head = getVarint(in, at);
        at += varintLength(head);
        int runCount = getVarint(in, at);
        at += varintLength(runCount);
        int textLength = head >>> 1;
        byte[] text = Arrays.copyOfRange(in, at, at + textLength);
        at += textLength;
        long[] runs = runCount == 0 ? null : new long[2 * runCount];
        for (int r = 0; r < 2 * runCount; r += 2) {
            int offset = getVarint(in, at);
            at += varintLength(offset);
            runs[r] = offset;
            runs[r + 1] = (long) LONG_LE.get(in, at);
            at += 8;
        }
        return new HistoryLine(seq, text, runs, (head & 1) != 0);
    }

    /** The byte cap's charge for the record at {@code at} ({@link History#cost}), read from its header. */
    static long cost(byte[] in, int at) {
        int head = getVarint(in, at);
        int runCount = getVarint(in, at + varintLength(head));
        return History.cost(head >>> 1, runCount);
    }

    /** Bytes the record at {@code start} takes, read from its header and runs. */
    static int length(byte[] in, int start) {
        int at = start;
        int head = getVarint(in, at);
        at += varintLength(head);
        int runCount = getVarint(in, at);
        at += varintLength(runCount) + (head >>> 1);
        for (int r = 0; r < runCount; r++) {
            at += varintLength(getVarint(in, at)) + 8;
        }
        return at - start;
    }

    /**
     * Reads records back to back (an export), oldest first, into {@code sink}; the text and runs arrays it
     * is handed are reused for the next record.
     *
     * @throws IllegalArgumentException when a record is malformed
     * @throws IndexOutOfBoundsException when the last record is cut short
     */
    static void readAll(byte[] in, Sink sink) {
        long[] runs = new long[16];
        int at = 0;
        while (at < in.length) {
            int head = getVarint(in, at);
            at += varintLength(head);
            int runCount = getVarint(in, at);
            at += varintLength(runCount);
            int textLength = head >>> 1;
            if (head < 0 || runCount < 0 || textLength > in.length - at) {
                throw new IllegalArgumentException("packed history malformed at byte " + at);
            }
            byte[] text = Arrays.copyOfRange(in, at, at + textLength);
            at += textLength;
            if (runs.length < 2 * runCount) {
                runs = new long[2 * runCount];
            }
            for (int r = 0; r < 2 * runCount; r += 2) {
                runs[r] = getVarint(in, at);
                at += varintLength((int) runs[r]);
                if (at + 8 > in.length) {
                    throw new IllegalArgumentException("packed history malformed at byte " + at);
                }
                runs[r + 1] = (long) LONG_LE.get(in, at);
                at += 8;
            }
            sink.line(text, textLength, runs, 2 * runCount, (head & 1) != 0);
        }
    }

    private static int putVarint(byte[] out, int at, int v) {
        while ((v & ~0x7F) != 0) {
            out[at++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        out[at++] = (byte) v;
        return at;
    }

    private static int getVarint(byte[] in, int at) {
        int v = 0;
        int shift = 0;
        int b;
        do {
            b = in[at++];
            v |= (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return v;
    }

    private static int varintLength(int v) {
        int n = 1;
        while ((v & ~0x7F) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }
}
