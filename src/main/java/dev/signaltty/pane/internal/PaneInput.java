package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import dev.signaltty.transport.ThreadSlice;
import org.jspecify.annotations.Nullable;

/**
 * Input to a pane's PTY, in submission order. A write that finds nothing queued goes to the PTY at once
 * on the caller's thread, as far as the PTY has room ({@link PtyInputWriter} never blocks): a keystroke
 * then costs no hand-over to another thread and back, each a scheduler wake-up that a flood on the
 * other panes can stretch (ADR 0660). What the PTY has no room for, and everything behind it, goes to
 * one platform thread per pane, started on first need, which waits for room; callers wait on a future
 * with a deadline, so a program that does not read its input fails the write instead of holding the
 * caller. The queue is bounded.
 */
final class PaneInput {

    static final int MAX_QUEUED = 1024;
    static final long WRITE_DEADLINE_SECONDS = 10;
    /** How long the writer waits for room before it looks again whether the pane was stopped. */
    private static final int ROOM_WAIT_MS = 100;

    private record Chunk(byte[] bytes, CompletableFuture<Void> done) {
    }

    private final String paneId;
    private final Supplier<@Nullable PtyInputWriter> target;
    /** The chunk being written stays first until it is written, so a direct write never overtakes it. */
    private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
    private @Nullable Thread writer;
    private boolean stopped;
    /** How much of the first queued chunk the writer has written (what a hand-over still owes of it). */
    private volatile int headWritten;

    PaneInput(String paneId, Supplier<@Nullable PtyInputWriter> target) {
        this.paneId = paneId;
        this.target = target;
    }

    /** Queues bytes behind everything before them; the future completes once they are written (or fails). */
    synchronized CompletableFuture<Void> submit(byte[] bytes) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (stopped) {
            done.completeExceptionally(new IOException("pane closed"));
        } else if (queue.size() >= MAX_QUEUED) {
            done.completeExceptionally(new IOException("input queue full: the program is not reading its input"));
        } else {
            queue.addLast(new Chunk(bytes, done));
            if (writer == null) {
                writer = Thread.ofPlatform().daemon().name("pty-write-" + paneId).start(this::drain);
            }
            notifyAll();
        }
        return done;
    }

    /** Writes and waits (a virtual caller parks, it does not pin). */
    void write(byte[] bytes) throws IOException {
        CompletableFuture<Void> rest = writeNowOrQueue(bytes);
        if (rest == null) {
            return;
        }
        try {
            rest.get(WRITE_DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new Unread(WRITE_DEADLINE_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** Null when every byte went to the PTY on this thread; else the future of what was queued. */
    private synchronized @Nullable CompletableFuture<Void> writeNowOrQueue(byte[] bytes) throws IOException {
        if (stopped || !queue.isEmpty()) {
            return submit(bytes);
        }
        PtyInputWriter out = target.get();
        if (out == null) {
            throw new IOException("pane has exited");
        }
        int written = out.writeNow(bytes, 0, bytes.length);
        return written == bytes.length ? null : submit(Arrays.copyOfRange(bytes, written, bytes.length));
    }

    private void drain() {
        ThreadSlice.requestForLatency(); // the echo's path when the PTY had no room (ADR 0890)
        while (true) {
            Chunk chunk;
            synchronized (this) {
                while (queue.isEmpty() && !stopped) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return; // only stop() interrupts, and it fails what is queued
                    }
                }
                if (stopped) {
                    return;
                }
                chunk = queue.peekFirst();
            }
            try {
                writeAll(chunk.bytes());
                chunk.done().complete(null);
            } catch (IOException | RuntimeException e) {
                chunk.done().completeExceptionally(e instanceof IOException io ? io : new IOException(e));
            }
            synchronized (this) {
                queue.remove(chunk); // stop() may have taken it out already
                headWritten = 0;
                notifyAll(); // a hand-over waits for the queue to drain
            }
        }
    }

    /** Waits for room as long as it takes (the caller's deadline is on its future), until stopped. */
    private void writeAll(byte[] bytes) throws IOException {
        int at = 0;
        while (at < bytes.length) {
            PtyInputWriter out;
            synchronized (this) {
                if (stopped) {
                    throw new IOException("pane closed");
                }
                out = target.get();
            }
            if (out == null) {
                throw new IOException("pane has exited");
            }
            int n = out.writeNow(bytes, at, bytes.length - at);
            at += n;
            headWritten = at;
            if (n == 0) {
                out.awaitRoom(ROOM_WAIT_MS);
            }
        }
    }

    /**
     * The pane's program goes to the daemon's next image (ADR 0850): what was accepted but is still queued
     * is written first, as long as the program reads it before {@code deadlineNanos} ({@link System#nanoTime});
     * then the input stops. Returns the bytes that were not written (the rest fails its callers).
     */
    long flushThenStop(long deadlineNanos) {
        synchronized (this) {
            long left;
            while (!queue.isEmpty() && !stopped && (left = deadlineNanos - System.nanoTime()) > 0) {
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            long unwritten = -headWritten;
            for (Chunk chunk : queue) {
                unwritten += chunk.bytes().length;
            }
            stop("the daemon restarted before the program read it");
            return Math.max(0, unwritten);
        }
    }

    /** Fails what is queued and stops the writer (the pane is closed). */
    synchronized void stop() {
        stop("pane closed");
    }

    private synchronized void stop(String why) {
        stopped = true;
        if (writer != null) {
            writer.interrupt();
            writer = null;
        }
        notifyAll();
        Chunk chunk;
        while ((chunk = queue.poll()) != null) {
            chunk.done().completeExceptionally(new IOException(why));
        }
    }

    /**
     * The program has not read what was written for the deadline: the pane is alive and the rest stays queued
     * (written when the program reads), so the caller is told TIMEOUT, not PANE_EXITED.
     */
    static final class Unread extends IOException {
        Unread(long seconds) {
            super("the program has not read its input for " + seconds + " s");
        }
    }
}
