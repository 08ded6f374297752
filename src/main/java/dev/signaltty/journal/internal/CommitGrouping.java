package dev.signaltty.journal.internal;

import java.util.concurrent.TimeUnit;

/**
 * When the journal's writer waits a moment to gather a bigger batch (ADR 0260).
 *
 * <p>The callers one sync releases are usually clients that send their next state change at once. Without
 * waiting for them the writer takes whatever arrived during the sync, and closed-loop clients split into
 * batches that alternate or fragment (8 clients: about 3.3 records per sync, two or more syncs per client
 * round). So after a sync that released {@code n} callers while {@code q} records already waited, the
 * writer waits until {@code q + n} records are queued, for a bounded time: at first as long as that sync
 * took (a caller then waits no longer than the sync it would otherwise have missed); when the callers
 * came back in time, twice their return time; when only some came, twice as long as before; never more
 * than {@link #MAX_WAIT_NANOS}. A wait during which nobody came (one-shot clients, readers) pauses
 * waiting for the next batch, so an open stream of independent appenders pays it at most every other
 * batch.
 *
 * <p>Not thread-safe: the writer uses it under the sequence lock.
 */
final class CommitGrouping {

    /** However slow the disk or the clients, a batch never waits longer than this for company. */
    static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private int target;
    private long syncNanos;
    private long waitNanos;
    private boolean paused;

    /** After a sync of {@code syncNanos} that released {@code released} callers, with {@code queued} waiting. */
    void synced(int released, int queued, long syncNanos) {
        target = queued + released;
        this.syncNanos = Math.max(syncNanos, 0);
        waitNanos = Math.min(Math.max(waitNanos, this.syncNanos), MAX_WAIT_NANOS);
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

    /**
     * The end of a wait of {@code waitedNanos}: the target reached sets the next bound to twice that time
     * (at least one sync time); some but not all came doubles it; nobody came pauses the next batch's wait.
     */
    void gathered(boolean reachedTarget, boolean anyCame, long waitedNanos) {
        paused = !anyCame;
        if (reachedTarget) {
            waitNanos = Math.max(syncNanos, 2 * waitedNanos);
        } else if (anyCame) {
            waitNanos = 2 * waitNanos;
        } else {
            waitNanos = syncNanos;
        }
        waitNanos = Math.min(waitNanos, MAX_WAIT_NANOS);
    }
}
