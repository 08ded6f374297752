package dev.signaltty.journal.internal;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.BiConsumer;

import dev.signaltty.transport.Connection;

/**
 * One connection's subscription: its filter, its handoff fence and its delivery state.
 *
 * <p>While the subscribe request reads history the subscription is pending: live events above the
 * fence wait in a bounded buffer ({@value #PENDING_CAP}; overflow is lag). {@link #activate} sends the
 * replay, then the buffer, then switches to direct delivery, so frames leave in ascending seq order.
 * Delivery never blocks the journal: the connection's bounded outbound queue refuses a lagging
 * client, which closes the stream (seed R201). A seq at or below one already sent closes it too (R202).
 */
final class Subscription {

    static final int PENDING_CAP = 4096;

    enum Closed { LAG, OUT_OF_ORDER, REPLACED, UNSUBSCRIBED, DISCONNECTED, REFUSED }

    private final Connection connection;
    private final EventFilter filter;
    private final long fence;
    private final BiConsumer<Subscription, Closed> onClosed;
    private final ArrayDeque<AuditRecord> pending = new ArrayDeque<>();
    private boolean live;
    private boolean closed;
    private Closed closedWhy = Closed.DISCONNECTED;
    private long lastSent;

    Subscription(Connection connection, EventFilter filter, long fence, boolean live,
            BiConsumer<Subscription, Closed> onClosed) {
        this.connection = connection;
        this.filter = filter;
        this.fence = fence;
        this.live = live;
        this.lastSent = fence;
        this.onClosed = onClosed;
    }

    Connection connection() {
        return connection;
    }

    long fence() {
        return fence;
    }

    /** Offers a published state event (called in seq order by the journal's publisher). */
    synchronized void offer(AuditRecord record) {
        if (closed || record.seq() <= fence || !filter.matches(record)) {
            return; // at or below the fence: replay covers it (R200)
        }
        if (!live) {
            if (pending.size() == PENDING_CAP) {
                close(Closed.LAG);
                connection.close("subscription lagged during replay");
                return;
            }
            pending.addLast(record);
            return;
        }
        send(record);
    }

    /** Sends the replay, then what arrived meanwhile, then goes live. */
    synchronized void activate(List<AuditRecord> replay) {
        if (closed) {
            return;
        }
        lastSent = 0;
        for (AuditRecord record : replay) {
            if (!send(record)) {
                return;
            }
        }
        lastSent = Math.max(lastSent, fence);
        while (!pending.isEmpty()) {
            if (!send(pending.removeFirst())) {
                return;
            }
        }
        live = true;
    }

    private boolean send(AuditRecord record) {
        if (record.seq() <= lastSent) {
            close(Closed.OUT_OF_ORDER);
            connection.close("out-of-order event delivery");
            return false;
        }
        if (!connection.sendEvent(record.toFrame())) {
            if (closed && closedWhy == Closed.DISCONNECTED) {
                // The refusal closed the connection and its close action ran first: still lag.
                closedWhy = Closed.LAG;
                onClosed.accept(this, Closed.LAG);
            }
            close(Closed.LAG);
            return false;
        }
        lastSent = record.seq();
        return true;
    }

    /** Stops delivery (the connection itself stays as it is). */
    synchronized void close(Closed why) {
        if (!closed) {
            closed = true;
            closedWhy = why;
            pending.clear();
            onClosed.accept(this, why);
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }
}
