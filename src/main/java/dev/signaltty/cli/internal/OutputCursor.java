package dev.signaltty.cli.internal;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * Where an attached view stands in a pane's output stream (seed, pty.data): chunks carry the
 * cumulative END offset of their bytes. Bytes at or before the covered offset are already on screen
 * (the attach snapshot, or earlier chunks) and are trimmed; a chunk starting after the covered offset
 * means bytes were lost, and the view must reattach before feeding more.
 */
public final class OutputCursor {

    /** What to do with one chunk. */
    public sealed interface Step permits Feed, Gap {
    }

    /** Write these bytes (possibly empty: the chunk was wholly covered). */
    public record Feed(byte[] bytes) implements Step {
    }

    /** Bytes between {@code expected} and {@code start} never arrived: reattach. */
    public record Gap(long expected, long start) implements Step {
    }

    private long covered;

    public OutputCursor(long covered) {
        this.covered = covered;
    }

    public long covered() {
        return covered;
    }

    /** A fresh snapshot covers everything up to its offset. */
    public void reset(long snapshotOffset) {
        covered = snapshotOffset;
    }

    public Step accept(byte[] chunk, long endOffset) {
        long start = endOffset - chunk.length;
        if (start > covered) {
            return new Gap(covered, start);
        }
        if (endOffset <= covered) {
            return new Feed(new byte[0]);
        }
        byte[] fresh = Arrays.copyOfRange(chunk, (int) (covered - start), chunk.length);
        covered = endOffset;
        return new Feed(fresh);
    }

    public static @Nullable Long offset(@Nullable Object value) {
        return value instanceof Long l ? l : value instanceof Number n ? n.longValue() : null;
    }
}
