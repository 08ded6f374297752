package dev.signaltty.transport.internal;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.Connection;
import dev.signaltty.transport.EventFrame;
import dev.signaltty.transport.ThreadSlice;

/**
 * One client. The reader thread frames lines and answers ordinary requests itself, writing the answers
 * before it blocks for more input: a round trip wakes one thread, as in tmux's event loop (ADR 0102).
 * A single-flight wait goes to the worker, so the reader keeps reading and the next line, EOF or
 * shutdown cancels it; every line after it goes to the worker too until the worker is idle again, so
 * responses keep request order. The writer thread writes events and whatever the worker answers
 * ({@link ConnectionOutput}).
 */
final class ClientConnection implements Connection {

    private static final Logger log = LoggerFactory.getLogger(ClientConnection.class);
    static final int MAX_LINE = 16 * 1024 * 1024;
    static final int MAX_QUEUED_REQUESTS = 256;
    /** Queued after the last request when the client's side ends (compared by identity). */
    private static final Pending END_OF_INPUT = new Pending(0, new byte[0], null, 0);

    private final long id;
    private final ConnectionStream socket;
    private final long peerPid;
    private final RequestProcessor processor;
    private final RequestBytes budget;
    /** How long a connection closed for lag may take to read the responses still queued for it. */
    static final long LAG_GRACE_MILLIS = 2000;

    private final ConnectionOutput output;
    private final BlockingQueue<Pending> requests = new ArrayBlockingQueue<>(MAX_QUEUED_REQUESTS);
    /** Lines handed to the worker and not yet answered; only the reader adds to it. */
    private final AtomicInteger handedOff = new AtomicInteger();
    private final List<Runnable> closeActions = new ArrayList<>();
    private boolean closeActionsRun;
    private volatile @Nullable Thread reader;
    private volatile @Nullable Thread worker;
    private volatile @Nullable CancellationToken current;
    private volatile boolean currentSingleFlight;
    /** The number of the line the worker is answering, to tell a request from the one after it. */
    private volatile long currentLine;

    ClientConnection(long id, ConnectionStream socket, long peerPid, RequestProcessor processor, RequestBytes budget)
            throws IOException {
        this.id = id;
        this.budget = budget;
        this.socket = socket;
        this.peerPid = peerPid;
        this.processor = processor;
        this.output = new ConnectionOutput(id, new BufferedOutputStream(socket.output(), 64 * 1024),
                processor::encodeEvent, this::lagged,
                () -> Thread.ofVirtual().name("conn-" + id + "-close").start(this::finishClose));
    }

    /**
     * Closed for lag (seed R201; ConnectionOutput has already dropped the undelivered events). Responses
     * already queued still go out, but a client that reads nothing within {@link #LAG_GRACE_MILLIS} is
     * cut off, so the writer ends and the socket closes instead of waiting on a reader that never comes.
     */
    private void lagged() {
        processor.connectionLagged(id);
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

    void start() {
        // Socket I/O on platform threads: junixsocket's poller for virtual threads parks each blocked
        // read/write on a small work-stealing pool (one worker per core) doing blocking poll(2); with
        // two cores, two idle sockets starve every other socket's writes (seen: a subscriber and an
        // appender hung forever). The worker only queues its answers, so it may be virtual. A virtual
        // writer beside this reader is wrong too: it makes the shared fd non-blocking (ADR 0421).
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
        return output.isOpen();
    }

    @Override
    public boolean sendEvent(EventFrame frame) {
        return output.sendEvent(frame);
    }

    @Override
    public void close(String reason) {
        Thread self = Thread.currentThread();
        // a handler closing its own connection: the response it is about to return still goes out first
        output.close(reason, self == reader || self == worker);
    }

    private void finishClose() {
        CancellationToken token = current;
        if (token != null) {
            token.cancel("disconnect");
        }
        List<Runnable> actions;
        synchronized (closeActions) {
            closeActionsRun = true;
            actions = List.copyOf(closeActions);
            closeActions.clear();
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
        synchronized (closeActions) {
            // an action added after the close but before finishClose still runs there
            if (!closeActionsRun) {
                closeActions.add(action);
                return;
            }
        }
        action.run();
    }

    /** Waits (until {@code deadlineNanos}) for the in-flight request's response to be queued. */
    void awaitIdle(long deadlineNanos) {
        while (System.nanoTime() < deadlineNanos && output.inFlight()) {
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

    private void readLoop() {
        reader = Thread.currentThread();
        ThreadSlice.requestForLatency(); // a keystroke is read and written to the PTY here (ADRs 0660, 0890)
        long lines = 0;
        // answers held back while more lines were already read go out before blocking for input
        try (InputStream in = socket.input();
             LineReader lineReader = new LineReader(in, MAX_LINE, budget, output::writeQueued)) {
            byte[] line;
            while ((line = lineReader.next()) != null) {
                if (line.length == 0 && line != LineReader.OVERSIZED && line != LineReader.OVER_BUDGET) {
                    continue; // a blank line is not a request
                }
                if (!output.isOpen()) {
                    break;
                }
                long number = ++lines;
                if (handedOff.get() > 0) {
                    // behind a wait: keep request order (the line stays reserved while it waits)
                    handOff(new Pending(number, line, null, lineReader.takeCharge()));
                } else {
                    RequestProcessor.Request request = processor.parse(line, this);
                    if (request.singleFlight()) {
                        output.writeQueued(); // answers held back go out now, not after a wait that may take an hour
                        handOff(new Pending(number, line, request, lineReader.takeCharge()));
                    } else {
                        answerHere(request);
                        if (line == LineReader.OVER_BUDGET) {
                            close("the server's request buffer cap is reached");
                        }
                    }
                }
                if (line == LineReader.OVER_BUDGET) {
                    break; // answered RATE_LIMITED (in order); the connection ends (ADR 0123)
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
                requests.put(END_OF_INPUT); // the worker answers what it holds, then closes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Answers an ordinary request on the reader thread; the answer is written before the next read. */
    private void answerHere(RequestProcessor.Request request) throws InterruptedException {
        if (!output.beginRequest()) {
            return;
        }
        CancellationToken token = new CancellationToken();
        current = token; // so shutdown can cancel it
        byte[] response = processor.process(request, this, token);
        current = null;
        output.respond(response, false);
        output.limitHeldBack();
    }

    private void handOff(Pending pending) throws InterruptedException {
        handedOff.incrementAndGet();
        requests.put(pending);
        // after the put: a single-flight request that starts now sees the queued line instead.
        // Only an earlier request is superseded: the worker may already have taken this very line.
        CancellationToken token = current;
        if (token != null && currentSingleFlight && currentLine < pending.number()) {
            token.cancel("superseded");
        }
    }

    private void workLoop() {
        worker = Thread.currentThread();
        try {
            while (true) {
                Pending pending = requests.take();
                if (pending == END_OF_INPUT) {
                    break;
                }
                try {
                    answerOnWorker(pending);
                } finally {
                    budget.release(pending.charge());
                    handedOff.decrementAndGet(); // after the response is queued: the reader may answer next
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close("client closed the connection");
        }
    }

    private void answerOnWorker(Pending pending) {
        if (!output.beginRequest()) {
            return; // closed: what is left is dropped
        }
        RequestProcessor.Request request = pending.request() != null ? pending.request() : processor.parse(pending.line(), this);
        CancellationToken token = new CancellationToken();
        currentLine = pending.number(); // before current is published, so the reader sees it with it
        currentSingleFlight = request.singleFlight();
        current = token;
        if (currentSingleFlight && !requests.isEmpty()) {
            token.cancel("superseded"); // a later request was already waiting behind it
        }
        byte[] response = processor.process(request, this, token);
        current = null;
        currentSingleFlight = false;
        output.respond(response, true);
    }

    private void writeLoop() {
        ThreadSlice.requestForLatency(); // an echo's event goes out here (ADR 0890)
        output.writeLoop();
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closing
        }
    }

    /**
     * A line for the worker, numbered in arrival order; parsed already if the reader had to look.
     * {@code charge} is what it holds of the {@link RequestBytes} budget until answered.
     */
    private record Pending(long number, byte[] line, RequestProcessor.@Nullable Request request, long charge) {
    }
}
