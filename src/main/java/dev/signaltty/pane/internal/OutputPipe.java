package dev.signaltty.pane.internal;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded byte ring between a pane's PTY reader (one producer) and its emulator thread (one
 * consumer), so the read system calls and the emulation run on two cores instead of taking turns on
 * one (docs/benchmarks.md, "Flood path"; ADR 0114).
 *
 * <p>Full means the producer waits: the PTY then fills and the program blocks in its write, which is
 * the flow control a terminal gives; nothing is dropped and memory stays at {@link #CAPACITY} (a few PTY bursts of slack: enough to overlap the two threads). The
 * consumer reads in place: the bytes it is handed are not written again until it {@linkplain
 * #release releases} them, so there is no second copy. Threads wake each other only on the empty→data
 * and full→room transitions, not per chunk.
 */
final class OutputPipe {

    /** Handed the readable bytes in place; they stay valid until {@link #release} is called. */
    @FunctionalInterface
    interface Consumer {
        void accept(byte[] buffer, int offset, int length);
    }

    static final int CAPACITY = 64 * 1024;

    private final byte[] ring = new byte[CAPACITY];
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition readable = lock.newCondition();
    private final Condition writable = lock.newCondition();
    /** Total bytes written and released; positions in the ring are these modulo the capacity. */
    private long written;
    private long released;
    private boolean ended;
    private boolean abandoned;
    private boolean consumerWaiting;
    private boolean producerWaiting;

    /**
     * Copies {@code length} bytes in, waiting for room as long as it takes. Returns false (and keeps
     * nothing) once the consumer has {@linkplain #abandon abandoned} the pipe.
     */
    boolean write(byte[] source, int length) throws InterruptedException {
        int done = 0;
        while (done < length) {
            int room;
            long at;
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
            } finally {
                lock.unlock();
            }
            // outside the lock: the consumer never touches bytes past what was published
            int position = (int) (at % CAPACITY);
            int n = Math.min(length - done, Math.min(room, CAPACITY - position));
            System.arraycopy(source, done, ring, position, n);
            done += n;
            lock.lock();
            try {
                written += n;
                if (consumerWaiting) {
                    readable.signal();
                }
            } finally {
                lock.unlock();
            }
        }
        return true;
    }

    /** No more bytes will be written; the consumer drains what is there, then sees the end. */
    void end() {
        lock.lock();
        try {
            ended = true;
            readable.signal();
        } finally {
            lock.unlock();
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
     * Waits for bytes and hands the longest contiguous run to {@code consumer}, then releases them.
     * Returns false at the end of the stream (ended and drained). The wait needs no deadline of its
     * own: the producer always calls {@link #end} when it stops, whatever stopped it.
     */
    boolean take(Consumer consumer) throws InterruptedException {
        long at;
        int available;
        lock.lock();
        try {
            while (written == released) {
                if (ended) {
                    return false;
                }
                consumerWaiting = true;
                readable.await();
            }
            consumerWaiting = false;
            at = released;
            available = (int) (written - released);
        } finally {
            lock.unlock();
        }
        int position = (int) (at % CAPACITY);
        int n = Math.min(available, CAPACITY - position);
        consumer.accept(ring, position, n);
        lock.lock();
        try {
            released += n;
            if (producerWaiting) {
                writable.signal();
            }
        } finally {
            lock.unlock();
        }
        return true;
    }
}
