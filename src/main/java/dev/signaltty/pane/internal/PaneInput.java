package dev.signaltty.pane.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * Input to a pane's PTY, written by one platform thread per pane in submission order. A PTY write
 * blocks while the child does not read; on a virtual thread that native block would pin a carrier (two
 * such writes stall a 2-core daemon), and under the terminal's lock it could deadlock with the reader.
 * Callers wait on a future instead, with a deadline; the queue is bounded.
 */
final class PaneInput {

    static final int MAX_QUEUED = 1024;
    static final long WRITE_DEADLINE_SECONDS = 10;

    private record Chunk(byte[] bytes, CompletableFuture<Void> done) {
    }

    private final String paneId;
    private final Supplier<@Nullable OutputStream> target;
    private final LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>(MAX_QUEUED);
    private @Nullable Thread writer;

    PaneInput(String paneId, Supplier<@Nullable OutputStream> target) {
        this.paneId = paneId;
        this.target = target;
    }

    /** Queues bytes; the future completes once they are written (or fails). */
    synchronized CompletableFuture<Void> submit(byte[] bytes) {
        if (writer == null) {
            writer = Thread.ofPlatform().daemon().name("pty-write-" + paneId).start(this::drain);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (!queue.offer(new Chunk(bytes, done))) {
            done.completeExceptionally(new IOException("input queue full: the program is not reading its input"));
        }
        return done;
    }

    /** Writes and waits (a virtual caller parks, it does not pin). */
    void write(byte[] bytes) throws IOException {
        try {
            submit(bytes).get(WRITE_DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("the program has not read its input for " + WRITE_DEADLINE_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private void drain() {
        while (true) {
            Chunk chunk;
            try {
                chunk = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            OutputStream out = target.get();
            if (out == null) {
                chunk.done().completeExceptionally(new IOException("pane has exited"));
                continue;
            }
            try {
                out.write(chunk.bytes());
                out.flush();
                chunk.done().complete(null);
            } catch (IOException | RuntimeException e) {
                chunk.done().completeExceptionally(e instanceof IOException io ? io : new IOException(e));
            }
        }
    }

    /** Fails what is queued and stops the writer (the pane is closed). */
    synchronized void stop() {
        if (writer != null) {
            writer.interrupt();
            writer = null;
        }
        Chunk chunk;
        while ((chunk = queue.poll()) != null) {
            chunk.done().completeExceptionally(new IOException("pane closed"));
        }
    }
}
