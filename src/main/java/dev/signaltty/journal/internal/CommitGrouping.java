package dev.signaltty.journal.internal;

import java.util.concurrent.TimeUnit;

/**
 * When the journal's writer waits a moment to gather a bigger batch (ADR 0260).
 *
 * <p>The callers one sync releases are usually clients that send their next state change at once. Without
 * waiting for them the writer takes whatever arrived during the sync, and closed-loop clients split into
 * two batches that alternate (8 clients: about 3.5 records per sync, two syncs per client round). So after
 * a sync that released {@code n} callers while {@code q} records already waited, the writer waits until
 * {@code q + n} records are queued, at most as long as that sync took (capped at {@link #MAX_WAIT_NANOS}):
 * a caller then waits no longer than the sync it would otherwise have missed. A wait during which nobody
 * came (the callers did not come back: one-shot clients, readers) pauses waiting for the next batch, so an
 * open stream of independent appenders pays it at most every other batch.
 *
 * <p>Not thread-safe: the writer uses it under the sequence lock.
 */
final class CommitGrouping {

    /** A slow disk's sync must not make a batch wait longer than this for company. */
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private int target;
    private long waitNanos;
    private boolean paused;

    /** After a sync of {@code syncNanos} that released {@code released} callers, with {@code queued} waiting. */
    void synced(int released, int queued, long syncNanos) {
        target = queued + released;
        waitNanos = Math.min(Math.max(syncNanos, 0), MAX_WAIT_NANOS);
    }

    /** Records the writer should gather before it takes the next batch. */
    int target() {
        return target;
    }

    /** How long the writer may wait for {@link #target} now that {@code queued} records wait; 0: take them now. */
    long waitNanos(int queued) {
        if (paused) {
            paused = false;
            return 0;
        }
        return queued < target ? waitNanos : 0;
    }

    /** The end of a wait: when nobody came during it, the next batch does not wait. */
    void gathered(boolean anyCame) {
        paused = !anyCame;
    }
}
