package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.EventFrame;

/**
 * Everything one connection writes, in order: responses and events. Events offered while a request is
 * in flight wait until its response is queued, so a reply always precedes the stream it starts (seed:
 * attach response precedes subsequent stream events). Queued event bytes are capped: a consumer that
 * lags past the cap is closed, and whoever offers an event only ever queues it, never waits on the
 * socket.
 *
 * <p>One thread writes at a time, the one that set {@code writing}. Usually the connection's writer
 * thread; but the thread that answered a request may write what is queued itself when no one else is
 * writing ({@link #writeQueued}), which saves waking the writer for each response (ADR 0102). Only the
 * connection's own request threads do that, so a client that stops reading stalls its own requests and
 * nothing else.
 */
final class ConnectionOutput {

    private static final Logger log = LoggerFactory.getLogger(ConnectionOutput.class);
    /** Queued event bytes beyond which a stream consumer counts as lagging and is closed. */
    static final long MAX_QUEUED_EVENT_BYTES = 32L * 1024 * 1024;
    /** Events held back behind an in-flight request beyond which the consumer counts as lagging. */
    static final int MAX_DEFERRED_EVENTS = 65_536;
    /**
     * At most this much is taken per write. Also the most the reading thread writes itself: more means
     * the client is pipelining, and the writer thread takes it while the reader reads on.
     */
    static final int BATCH_BYTES = 64 * 1024;
    /** Queued response bytes beyond which the reading thread stops answering until the writer catches up. */
    static final long MAX_QUEUED_RESPONSE_BYTES = 16L * 1024 * 1024;

    private final long connectionId;
    private final OutputStream out;
    private final Function<EventFrame, byte[]> encoder;
    private final Runnable lagged;
    private final Runnable closed;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ready = lock.newCondition();
    private final Condition drained = lock.newCondition();
    private final ArrayDeque<Outbound> queue = new ArrayDeque<>();
    private final List<EventFrame> deferred = new ArrayList<>();
    private long queuedBytes;
    private long queuedEventBytes;
    private boolean inFlight;
    private boolean writing;
    private boolean open = true;
    private @Nullable String closeReason;
    private @Nullable String closeAfterResponse;

    /**
     * @param out     the socket's stream, buffered; written by one thread at a time and flushed per batch
     * @param encoder turns an event into its line
     * @param lagged  runs when the connection is closed for lag
     * @param closed  runs once, under this object's lock, when the connection closes; must not block
     */
    ConnectionOutput(long connectionId, OutputStream out, Function<EventFrame, byte[]> encoder, Runnable lagged,
                     Runnable closed) {
        this.connectionId = connectionId;
        this.out = out;
        this.encoder = encoder;
        this.lagged = lagged;
        this.closed = closed;
    }

    boolean isOpen() {
        lock.lock();
        try {
            return open;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a request has begun and its response is not yet queued. */
    boolean inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }

    /** Marks a request in flight (events are held back from now on); false if the connection is closed. */
    boolean beginRequest() {
        lock.lock();
        try {
            if (!open) {
                return false;
            }
            inFlight = true;
            return true;
        } finally {
            lock.unlock();
        }
    }

    boolean sendEvent(EventFrame frame) {
        lock.lock();
        try {
            if (!open) {
                return false;
            }
            if (inFlight) {
                deferred.add(frame);
                if (deferred.size() > MAX_DEFERRED_EVENTS) {
                    closeForLagLocked("lagging: event backlog over " + MAX_DEFERRED_EVENTS + " frames");
                    return false;
                }
                return true;
            }
            if (!queueEventLocked(frame)) {
                return false;
            }
            ready.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    private boolean queueEventLocked(EventFrame frame) {
        byte[] line = encoder.apply(frame);
        if (queuedEventBytes + line.length > MAX_QUEUED_EVENT_BYTES) {
            closeForLagLocked("lagging: over " + MAX_QUEUED_EVENT_BYTES + " bytes of undelivered events");
            return false;
        }
        queuedEventBytes += line.length;
        queuedBytes += line.length;
        queue.add(new Outbound(line, true));
        return true;
    }

    /**
     * Lag closes the stream: the undelivered events are dropped at once rather than written to a client
     * that is not reading (that held the writer, the socket and up to the cap in memory for as long as
     * the client stayed connected, and kept it from ever seeing the end); responses already queued
     * still go out.
     */
    private void closeForLagLocked(String reason) {
        if (!open) {
            return;
        }
        for (java.util.Iterator<Outbound> it = queue.iterator(); it.hasNext(); ) {
            Outbound item = it.next();
            if (item.event()) {
                queuedBytes -= item.bytes().length;
                it.remove();
            }
        }
        queuedEventBytes = 0;
        deferred.clear();
        closeLocked(reason);
        lagged.run();
    }

    /**
     * Queues a response and releases the events held back while its request was in flight. With
     * {@code wakeWriter} false the caller promises to call {@link #writeQueued} before it waits for
     * anything (the reading thread does, before its next blocking read).
     */
    void respond(byte[] line, boolean wakeWriter) {
        lock.lock();
        try {
            inFlight = false;
            if (!open) {
                return;
            }
            queuedBytes += line.length;
            queue.add(new Outbound(line, false));
            if (!deferred.isEmpty()) {
                // a copy: a lag closure while queueing them clears the list
                List<EventFrame> held = new ArrayList<>(deferred);
                deferred.clear();
                for (EventFrame frame : held) {
                    if (!queueEventLocked(frame)) {
                        break;
                    }
                }
            }
            if (wakeWriter) {
                ready.signal();
            }
            if (closeAfterResponse != null) {
                closeLocked(closeAfterResponse);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Called by the reading thread after each answer it holds back (more lines were already read):
     * beyond a batch the writer thread takes over; beyond {@link #MAX_QUEUED_RESPONSE_BYTES} of
     * responses the reader waits for it, so a client that sends without reading is slowed down by its
     * own socket instead of filling the heap. The wait ends when the connection closes.
     */
    void limitHeldBack() throws InterruptedException {
        lock.lock();
        try {
            if (queuedBytes > BATCH_BYTES) {
                ready.signal();
            }
            while (open && queuedBytes - queuedEventBytes > MAX_QUEUED_RESPONSE_BYTES) {
                drained.await();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Closes now, or, when {@code duringOwnRequest} and a request is in flight (a handler closing its
     * own connection, e.g. subscribe after an incomplete replay), right after that request's response.
     */
    void close(String reason, boolean duringOwnRequest) {
        lock.lock();
        try {
            if (duringOwnRequest && inFlight) {
                closeAfterResponse = reason;
                return;
            }
            closeLocked(reason);
        } finally {
            lock.unlock();
        }
    }

    private void closeLocked(String reason) {
        if (!open) {
            return;
        }
        open = false;
        closeReason = reason;
        ready.signalAll(); // the writer flushes what is queued, then closes the socket
        drained.signalAll();
        log.debug("connection {} closing: {}", connectionId, reason);
        closed.run();
    }

    /**
     * Writes what is queued on the calling thread, unless another thread is writing (it takes what we
     * queued after its current batch), more than a batch is queued (a pipelining client: the writer
     * thread takes it) or the connection is closed (the writer flushes and ends it). If more arrives
     * meanwhile, the writer thread is woken for it.
     */
    void writeQueued() {
        List<Outbound> batch;
        lock.lock();
        try {
            if (writing || queue.isEmpty() || !open || queuedBytes > BATCH_BYTES) {
                if (!queue.isEmpty()) {
                    ready.signal();
                }
                return;
            }
            writing = true;
            batch = takeBatchLocked();
        } finally {
            lock.unlock();
        }
        try {
            write(batch);
        } catch (IOException e) {
            log.debug("connection {} write failed: {}", connectionId, e.toString());
            close("write failed", false);
        } finally {
            lock.lock();
            try {
                writing = false;
                drained.signalAll();
                if (!queue.isEmpty() || !open) {
                    ready.signal();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** The writer thread: writes batches until the connection is closed and everything queued is written. */
    void writeLoop() {
        try {
            while (true) {
                List<Outbound> batch;
                lock.lock();
                try {
                    while ((queue.isEmpty() || writing) && (open || writing)) {
                        ready.await();
                    }
                    if (queue.isEmpty()) {
                        break;
                    }
                    writing = true;
                    batch = takeBatchLocked();
                } finally {
                    lock.unlock();
                }
                try {
                    write(batch);
                } finally {
                    lock.lock();
                    try {
                        writing = false;
                        drained.signalAll();
                    } finally {
                        lock.unlock();
                    }
                }
            }
        } catch (IOException e) {
            log.debug("connection {} write ended: {}", connectionId, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close(closeReason == null ? "write side closed" : closeReason, false);
        }
    }

    private List<Outbound> takeBatchLocked() {
        List<Outbound> batch = new ArrayList<>();
        long bytes = 0;
        while (!queue.isEmpty() && (batch.isEmpty() || bytes + queue.peek().bytes().length <= BATCH_BYTES)) {
            Outbound item = queue.poll();
            bytes += item.bytes().length;
            if (item.event()) {
                queuedEventBytes -= item.bytes().length;
            }
            batch.add(item);
        }
        queuedBytes -= bytes;
        return batch;
    }

    private void write(List<Outbound> batch) throws IOException {
        for (Outbound item : batch) {
            out.write(item.bytes());
        }
        out.flush();
    }

    private record Outbound(byte[] bytes, boolean event) {
    }
}
