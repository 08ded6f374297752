package dev.signaltty.journal.internal;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.Connection;

/** The live subscriptions, one per connection, and the count of streams closed for lag. */
final class Subscriptions {

    private static final Logger log = LoggerFactory.getLogger(Subscriptions.class);

    private final Map<Long, Subscription> byConnection = new ConcurrentHashMap<>();
    private final Set<Long> watched = ConcurrentHashMap.newKeySet();
    private final AtomicLong lagClosures = new AtomicLong();

    Subscription create(Connection connection, EventFilter filter, long fence, boolean live) {
        return new Subscription(connection, filter, fence, live, (closed, why) -> closed(connection.id(), closed, why));
    }

    /** Registers {@code subscription}, replacing the connection's previous one. */
    void register(Subscription subscription) {
        Connection connection = subscription.connection();
        Subscription previous = byConnection.put(connection.id(), subscription);
        if (previous != null) {
            previous.close(Subscription.Closed.REPLACED);
        }
        // One close action per connection, however often it resubscribes.
        if (watched.add(connection.id())) {
            connection.onClose(() -> {
                watched.remove(connection.id());
                Subscription current = byConnection.remove(connection.id());
                if (current != null) {
                    current.close(Subscription.Closed.DISCONNECTED);
                }
            });
        }
    }

    /** Withdraws a subscription whose replay was refused. */
    void refuse(Subscription subscription) {
        byConnection.remove(subscription.connection().id(), subscription);
        subscription.close(Subscription.Closed.REFUSED);
    }

    boolean unsubscribe(Connection connection) {
        Subscription subscription = byConnection.remove(connection.id());
        if (subscription == null) {
            return false;
        }
        subscription.close(Subscription.Closed.UNSUBSCRIBED);
        return true;
    }

    /** Offers a published record to every subscription (never blocks: lag closes a stream instead). */
    void offer(AuditRecord record) {
        for (Subscription subscription : byConnection.values()) {
            subscription.offer(record);
        }
    }

    private void closed(long connectionId, Subscription closed, Subscription.Closed why) {
        if (why == Subscription.Closed.LAG || why == Subscription.Closed.OUT_OF_ORDER) {
            lagClosures.incrementAndGet();
            log.info("closed the event stream of connection {}: {}", connectionId, why);
        }
        byConnection.remove(connectionId, closed);
    }

    long lagClosures() {
        return lagClosures.get();
    }

    int size() {
        return byConnection.size();
    }
}
