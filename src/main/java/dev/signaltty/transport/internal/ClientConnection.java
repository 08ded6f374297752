package dev.signaltty.transport.internal;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.Connection;
import dev.signaltty.transport.EventFrame;

/**
 * One client: a reader thread frames lines, a worker handles them in order, a writer drains a bounded
 * outbound queue. Events offered while a request is in flight wait until its response is queued, so a
 * reply always precedes the stream it starts (seed: attach response precedes subsequent stream events).
 */
final class ClientConnection implements Connection {

    private static final Logger log = LoggerFactory.getLogger(ClientConnection.class);
    static final int MAX_LINE = 16 * 1024 * 1024;
    /** Queued event bytes beyond which a stream consumer counts as lagging and is closed. */
    static final long MAX_QUEUED_EVENT_BYTES = 32L * 1024 * 1024;
    static final int MAX_QUEUED_REQUESTS = 256;
    /** How long a connection closed for lag may take to read the responses still queued for it. */
    static final long LAG_GRACE_MILLIS = 2000;
    /** Queued after the last request when the client's side ends (compared by identity). */
    private static final byte[] END_OF_INPUT = new byte[0];

    private final long id;
    private final Socket socket;
    private final long peerPid;
    private final RequestProcessor processor;
    private final BlockingQueue<byte[]> requests = new ArrayBlockingQueue<>(MAX_QUEUED_REQUESTS);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition outboundReady = lock.newCondition();
    private final ArrayDeque<Outbound> outbound = new ArrayDeque<>();
    private final List<EventFrame> deferred = new ArrayList<>();
    private long queuedEventBytes;
    private boolean inFlight;
    private boolean open = true;
    private @Nullable String closeReason;
    private final List<Runnable> closeActions = new ArrayList<>();
    private @Nullable String closeAfterResponse;
    private volatile @Nullable Thread worker;
    private volatile @Nullable CancellationToken current;
    private volatile boolean currentSingleFlight;

    ClientConnection(long id, Socket socket, long peerPid, RequestProcessor processor) {
        this.id = id;
        this.socket = socket;
        this.peerPid = peerPid;
        this.processor = processor;
    }

    void start() {
        // Socket I/O on platform threads: junixsocket's poller for virtual threads parks each blocked
        // read/write on a small work-stealing pool (one worker per core) doing blocking poll(2); with
        // two cores, two idle sockets starve every other socket's writes (seen: a subscriber and an
        // appender hung forever).
        Thread.ofPlatform().daemon().name("conn-" + id + "-read").start(this::readLoop);
        Thread.ofVirtual().name("conn-" + id + "-work").start(this::workLoop);
        Thread.ofPlatform().daemon().name("conn-" + id + "-write").start(this::writeLoop);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public long peerPid() {
        return peerPid;
    }

    @Override
    public boolean isOpen() {
        lock.lock();
        try {
            return open;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean sendEvent(EventFrame frame) {
        lock.lock();
        try {
            if (!open) {
                return false;
            }
            if (inFlight) {
                deferred.add(frame);
                if (deferred.size() > 65_536) {
                    closeForLagLocked("lagging: event backlog over 65536 frames");
                    return false;
                }
                return true;
            }
            return enqueueEventLocked(frame);
        } finally {
            lock.unlock();
        }
    }

    private boolean enqueueEventLocked(EventFrame frame) {
        byte[] line = processor.encodeEvent(frame);
        if (queuedEventBytes + line.length > MAX_QUEUED_EVENT_BYTES) {
            closeForLagLocked("lagging: over " + MAX_QUEUED_EVENT_BYTES + " bytes of undelivered events");
            return false;
        }
        queuedEventBytes += line.length;
        outbound.add(new Outbound(line, true));
        outboundReady.signal();
        return true;
    }

    /** Queues a response and releases events deferred while its request was in flight. */
    void respond(byte[] line) {
        lock.lock();
        try {
            inFlight = false;
            if (!open) {
                return;
            }
            outbound.add(new Outbound(line, false));
            for (EventFrame frame : deferred) {
                if (!enqueueEventLocked(frame)) {
                    break;
                }
            }
            deferred.clear();
            outboundReady.signal();
            if (closeAfterResponse != null) {
                closeLocked(closeAfterResponse);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close(String reason) {
        lock.lock();
        try {
            if (inFlight && Thread.currentThread() == worker) {
                // A handler closing its own connection (e.g. subscribe after an incomplete replay):
                // the response it is about to return still goes out first.
                closeAfterResponse = reason;
                return;
            }
            closeLocked(reason);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Lag closes the stream (seed R201): the undelivered events are dropped at once rather than written
     * to a client that is not reading (which held the writer thread, the socket and up to the cap in
     * memory for as long as the client stayed connected, and kept it from ever seeing the end). Responses
     * already queued still go out; a client that reads nothing within {@link #LAG_GRACE_MILLIS} is cut
     * off so the writer ends and the socket is closed.
     */
    private void closeForLagLocked(String reason) {
        if (!open) {
            return;
        }
        outbound.removeIf(Outbound::event);
        queuedEventBytes = 0;
        deferred.clear();
        closeLocked(reason);
        processor.connectionLagged();
        Thread.ofVirtual().name("conn-" + id + "-lag").start(() -> {
            try {
                Thread.sleep(LAG_GRACE_MILLIS);
                if (!socket.isClosed()) {
                    socket.shutdownOutput(); // wakes a writer blocked on the full socket; it then closes it
                }
            } catch (IOException | InterruptedException e) {
                // already closed
            }
        });
    }

    private void closeLocked(String reason) {
        if (!open) {
            return;
        }
        open = false;
        closeReason = reason;
        outboundReady.signalAll();
        log.debug("connection {} closing: {}", id, reason);
        Thread.ofVirtual().start(this::finishClose);
    }

    private void finishClose() {
        CancellationToken token = current;
        if (token != null) {
            token.cancel("disconnect");
        }
        List<Runnable> actions;
        lock.lock();
        try {
            actions = List.copyOf(closeActions);
            closeActions.clear();
        } finally {
            lock.unlock();
        }
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                log.warn("close action failed on connection {}", id, e);
            }
        }
        processor.connectionClosed(this);
    }

    @Override
    public void onClose(Runnable action) {
        lock.lock();
        try {
            if (open) {
                closeActions.add(action);
                return;
            }
        } finally {
            lock.unlock();
        }
        action.run();
    }

    /** Waits (until {@code deadlineNanos}) for the in-flight request's response to be queued. */
    void awaitIdle(long deadlineNanos) {
        while (System.nanoTime() < deadlineNanos) {
            lock.lock();
            try {
                if (!inFlight) {
                    return;
                }
            } finally {
                lock.unlock();
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Cancels the in-flight request (server shutdown). */
    void cancelInFlight(String reason) {
        CancellationToken token = current;
        if (token != null) {
            token.cancel(reason);
        }
    }

    /** Lines put by the reader / taken by the worker, to tell a request from the one after it. */
    private long linesRead;
    private long linesTaken;
    private volatile long currentLine;

    private void readLoop() {
        try (InputStream in = socket.getInputStream()) {
            LineReader reader = new LineReader(in, MAX_LINE);
            byte[] line;
            while ((line = reader.next()) != null) {
                if (line.length == 0 && line != LineReader.OVERSIZED) {
                    continue; // a blank line is not a request
                }
                long mine = ++linesRead;
                requests.put(line);
                // after the put: a single-flight request that starts now sees the queued line instead.
                // Only an earlier request is superseded: the worker may already have taken this very line.
                CancellationToken token = current;
                if (token != null && currentSingleFlight && currentLine < mine) {
                    token.cancel("superseded");
                }
            }
        } catch (IOException e) {
            log.debug("connection {} read ended: {}", id, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            CancellationToken token = current;
            if (token != null) {
                token.cancel("disconnect");
            }
            try {
                requests.put(END_OF_INPUT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void workLoop() {
        worker = Thread.currentThread();
        try {
            while (true) {
                byte[] line = requests.take();
                if (line == END_OF_INPUT) {
                    break;
                }
                CancellationToken token = new CancellationToken();
                currentLine = ++linesTaken; // before current is published, so the reader sees it with it
                lock.lock();
                try {
                    if (!open) {
                        break;
                    }
                    inFlight = true;
                } finally {
                    lock.unlock();
                }
                current = token;
                byte[] response = processor.process(line, this, token, singleFlight -> {
                    currentSingleFlight = singleFlight;
                    if (singleFlight && !requests.isEmpty()) {
                        token.cancel("superseded"); // a later request was already waiting behind it
                    }
                });
                current = null;
                currentSingleFlight = false;
                respond(response);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close("client closed the connection");
        }
    }

    private void writeLoop() {
        try (OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024)) {
            while (true) {
                Outbound item;
                lock.lock();
                try {
                    while (outbound.isEmpty() && open) {
                        outboundReady.await();
                    }
                    if (outbound.isEmpty()) {
                        break;
                    }
                    item = outbound.poll();
                    if (item.event()) {
                        queuedEventBytes -= item.bytes().length;
                    }
                } finally {
                    lock.unlock();
                }
                out.write(item.bytes());
                lock.lock();
                boolean drained;
                try {
                    drained = outbound.isEmpty();
                } finally {
                    lock.unlock();
                }
                if (drained) {
                    out.flush();
                }
            }
            out.flush();
        } catch (IOException e) {
            log.debug("connection {} write ended: {}", id, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close(closeReason == null ? "write side closed" : closeReason);
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closing
            }
        }
    }

    private record Outbound(byte[] bytes, boolean event) {
    }
}
