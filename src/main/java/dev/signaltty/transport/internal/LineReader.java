package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * Splits a byte stream into newline-terminated lines of at most {@code maxLine} bytes. A longer line
 * is discarded up to its newline and reported once as {@link #OVERSIZED}, so the connection recovers
 * at the next line (docs/protocol.md, "Envelope": a line over 16 MiB is answered BAD_PROTOCOL). {@code beforeRead}
 * runs before each read of the stream, i.e. once every line already received has been returned: the
 * connection writes the answers to those lines then, in one go, before it may block for more input.
 *
 * <p>Memory: beyond its first {@link #BASE_BUFFER} bytes, the growing line and the copy last returned are
 * reserved in the shared {@link RequestBytes} budget (released when the next line is asked for, or on
 * {@link #close}). When the budget is spent, {@link #OVER_BUDGET} is returned and the connection ends.
 */
final class LineReader implements AutoCloseable {

    static final byte[] OVERSIZED = new byte[0];
    static final byte[] OVER_BUDGET = new byte[0];
    static final int BASE_BUFFER = 8 * 1024;

    private final InputStream in;
    private final int maxLine;
    private final Runnable beforeRead;
    private final RequestBytes budget;
    // 8 KiB reads: a request round trip measured ~1 µs faster than with 64 KiB (perf showed malloc and
    // page faults under junixsocket's native read); a pipelined batch of small requests still fits one read
    private final byte[] chunk = new byte[8 * 1024];
    private int chunkPos;
    private int chunkLen;
    private byte[] line = new byte[BASE_BUFFER];
    private int lineLen;
    private boolean discarding;
    private boolean overBudget;
    /** Reserved for the copy last returned (0 for a small one). */
    private long returnedCharge;

    LineReader(InputStream in, int maxLine, RequestBytes budget, Runnable beforeRead) {
        this.in = in;
        this.maxLine = maxLine;
        this.budget = budget;
        this.beforeRead = beforeRead;
    }

    /** The next line without its newline, {@link #OVERSIZED}, {@link #OVER_BUDGET}, or null at EOF. */
    byte @Nullable [] next() throws IOException {
        budget.release(returnedCharge);
        returnedCharge = 0;
        if (overBudget) {
            return OVER_BUDGET;
        }
        while (true) {
            while (chunkPos < chunkLen) {
                int start = chunkPos;
                int newline = -1;
                for (int i = start; i < chunkLen; i++) {
                    if (chunk[i] == '\n') {
                        newline = i;
                        break;
                    }
                }
                int end = newline < 0 ? chunkLen : newline;
                chunkPos = newline < 0 ? chunkLen : newline + 1;
                if (!discarding && !append(start, end)) {
                    overBudget = true;
                    resetLine();
                    return OVER_BUDGET;
                }
                if (newline >= 0) {
                    if (discarding) {
                        discarding = false;
                        lineLen = 0;
                        return OVERSIZED;
                    }
                    if (lineLen > BASE_BUFFER) {
                        if (!budget.reserve(lineLen)) {
                            overBudget = true;
                            resetLine();
                            return OVER_BUDGET;
                        }
                        returnedCharge = lineLen;
                    }
                    byte[] result = Arrays.copyOf(line, lineLen);
                    lineLen = 0;
                    if (line.length > 1 << 20) {
                        resetLine();
                    }
                    return result;
                }
            }
            beforeRead.run();
            chunkLen = in.read(chunk);
            chunkPos = 0;
            if (chunkLen < 0) {
                chunkLen = 0;
                return null;
            }
        }
    }

    /**
     * Hands the reservation of the line just returned to the caller, who releases it in the budget
     * when done with the line (a line queued behind a wait stays reserved while it waits).
     */
    long takeCharge() {
        long charge = returnedCharge;
        returnedCharge = 0;
        return charge;
    }

    /** False when the line's growth does not fit the budget. */
    private boolean append(int from, int to) {
        int count = to - from;
        if (lineLen + count > maxLine) {
            discarding = true;
            resetLine();
            return true;
        }
        if (lineLen + count > line.length) {
            int grown = Math.min(maxLine, Math.max(line.length * 2, lineLen + count));
            if (!budget.reserve(grown - line.length)) {
                return false;
            }
            line = Arrays.copyOf(line, grown);
        }
        System.arraycopy(chunk, from, line, lineLen, count);
        lineLen += count;
        return true;
    }

    private void resetLine() {
        budget.release(line.length - BASE_BUFFER);
        line = new byte[BASE_BUFFER];
        lineLen = 0;
    }

    /** Returns every byte still reserved (the connection ended). */
    @Override
    public void close() {
        budget.release(returnedCharge);
        returnedCharge = 0;
        resetLine();
    }
}
