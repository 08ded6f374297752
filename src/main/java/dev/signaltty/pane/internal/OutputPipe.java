package dev.signaltty.pane.internal;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * A bounded byte ring between a pane's PTY reader (one producer) and its emulation (one consumer at a
 * time, a turn on one of the {@link EmulatorScheduler}'s shared threads), so the read system calls and
 * the emulation run on two cores instead of taking turns on one (docs/benchmarks.md, "Flood path";
 * ADR 0114, ADR 0235).
 *
 * <p>Full means the producer waits: the PTY then fills and the program blocks in its write, which is
 * the flow control a terminal gives; nothing is dropped and memory stays at {@link #CAPACITY} (a few
 * PTY bursts of slack: enough to overlap the two threads). The consumer never waits: when bytes (or
 * the end) arrive in a pipe that is not already waiting for its turn, the pipe calls its {@code ready}
 * callback once, and the turn it is given {@linkplain #turn hands over} at most a bounded number of
 * bytes in place (no second copy; they are not written again until released).
 *
 * <p>A pipe made with a {@code direct} consumer hands a chunk of at most {@link #DIRECT_BYTES} that
 * finds it idle (nothing held, no turn pending or running) to that consumer at once, on the producer's
 * thread, instead of asking for a turn: a keystroke's echo then does not wait for a shared thread that
 * floods keep busy (ADR 0660). Order holds: nothing is ahead of it, and no turn can start while it
 * runs, since only the producer asks for turns.
 */
final class OutputPipe {

    /** Handed the readable bytes in place; they stay valid until the call returns. */
    @FunctionalInterface
    interface Consumer {
        void accept(byte[] buffer, int offset, int length);
    }

    /** What a {@link #turn} left behind. */
    enum Turn {
        /** Bytes remain: the pipe wants another turn (it will not call {@code ready} for them). */
        MORE,
        /** Drained: the next write calls {@code ready} again. */
        IDLE,
        /** Ended and drained: no turn will ever be needed again. */
        END
    }

    static final int CAPACITY = 64 * 1024;
    /** At most this much goes to the direct consumer: an echo, a prompt, a status line, not a flood's chunk. */
    static final int DIRECT_BYTES = 1024;

    /** Null while the pipe is idle and {@linkplain #releaseIfIdle released}; the producer allocates it again. */
    private byte @Nullable [] ring = new byte[CAPACITY];
    private final Runnable ready;
    private final @Nullable Consumer direct;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition writable = lock.newCondition();
    /** Total bytes written and released; positions in the ring are these modulo the capacity. */
    private long written;
    private long released;
    private boolean ended;
    private boolean abandoned;
    /** A turn is pending or running: between a {@code ready} call and the turn that leaves it IDLE. */
    private boolean scheduled;
    private boolean producerWaiting;

    /** {@code ready} is called, outside the pipe's lock, each time the pipe needs a turn it has not asked for yet. */
    OutputPipe(Runnable ready) {
        this(ready, null);
    }

    /** The same, with small chunks that find the pipe idle handed to {@code direct} on the producer's thread. */
    OutputPipe(Runnable ready, @Nullable Consumer direct) {
        this.ready = ready;
        this.direct = direct;
    }

    /**
     * Copies {@code length} bytes in, waiting for room as long as it takes. Returns false (and keeps
     * nothing) once the consumer has {@linkplain #abandon abandoned} the pipe.
     */
    boolean write(byte[] source, int length) throws InterruptedException {
        if (direct != null && length <= DIRECT_BYTES && claimIdle()) {
            return writeDirect(direct, source, length);
        }
        int done = 0;
        while (done < length) {
            int room;
            long at;
            byte[] into;
            lock.lock();
            try {
                while (!abandoned && written - released == CAPACITY) {
                    producerWaiting = true;
                    writable.await();
                }
                producerWaiting = false;
                if (abandoned) {
                    return false;
                }
                room = (int) (CAPACITY - (written - released));
                at = written;
                if (ring == null) {
                    ring = new byte[CAPACITY];
                }
                into = ring;
            } finally {
                lock.unlock();
            }
            // outside the lock: the consumer never touches bytes past what was published
            int position = (int) (at % CAPACITY);
            int n = Math.min(length - done, Math.min(room, CAPACITY - position));
            System.arraycopy(source, done, into, position, n);
            done += n;
            boolean ask;
            lock.lock();
            try {
                written += n;
                ask = !scheduled;
                scheduled = true;
            } finally {
                lock.unlock();
            }
            if (ask) {
                ready.run();
            }
        }
        return true;
    }

    /** Takes the consumer's side while the pipe is idle: no turn can be asked for until {@link #writeDirect} ends. */
    private boolean claimIdle() {
        lock.lock();
        try {
            if (scheduled || written != released || abandoned) {
                return false;
            }
            scheduled = true;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The chunk, consumed in place on this thread, counted as written and released; false once abandoned. */
    private boolean writeDirect(Consumer consumer, byte[] source, int length) {
        boolean open = false;
        try {
            consumer.accept(source, 0, length);
        } finally {
            lock.lock();
            try {
                written += length;
                released += length;
                scheduled = false;
                open = !abandoned;
            } finally {
                lock.unlock();
            }
        }
        return open;
    }

    /**
     * Gives the ring back when nothing is in it and no turn is pending (ADR 0491): an idle pane then
     * holds no 64 KiB of flood slack. Called by the producer (the only thread that allocates it again,
     * in {@link #write}); a turn only runs after a write asked for it, so none can be reading the ring.
     */
    void releaseIfIdle() {
        lock.lock();
        try {
            if (written == released && !scheduled) {
                ring = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Whether the ring is held (for tests). */
    boolean holdsRing() {
        lock.lock();
        try {
            return ring != null;
        } finally {
            lock.unlock();
        }
    }

    /** No more bytes will be written; the consumer drains what is there, then sees the end. */
    void end() {
        boolean ask;
        lock.lock();
        try {
            ended = true;
            ask = !scheduled;
            scheduled = true;
        } finally {
            lock.unlock();
        }
        if (ask) {
            ready.run();
        }
    }

    /** The consumer gives up (it failed): a waiting or later {@link #write} returns false at once. */
    void abandon() {
        lock.lock();
        try {
            abandoned = true;
            writable.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * One turn, on the thread {@code ready} led to: hands {@code consumer} the readable bytes in order,
     * in contiguous runs, at most {@code maxBytes} in all, releasing each run after it returns. Never
     * waits. Only one turn runs at a time per pipe (the scheduler's contract: a pipe is queued once per
     * {@code ready} or {@link Turn#MORE}).
     */
    Turn turn(Consumer consumer, int maxBytes) {
        int budget = maxBytes;
        while (true) {
            long at;
            int available;
            byte[] from;
            lock.lock();
            try {
                available = (int) (written - released);
                if (available == 0 || budget == 0) {
                    if (available > 0) {
                        return Turn.MORE;
                    }
                    if (ended) {
                        return Turn.END;
                    }
                    scheduled = false;
                    return Turn.IDLE;
                }
                at = released;
                from = java.util.Objects.requireNonNull(ring, "bytes are readable, so the ring is held");
            } finally {
                lock.unlock();
            }
            int position = (int) (at % CAPACITY);
            int n = Math.min(budget, Math.min(available, CAPACITY - position));
            consumer.accept(from, position, n);
            budget -= n;
            lock.lock();
            try {
                released += n;
                if (producerWaiting) {
                    writable.signal();
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
