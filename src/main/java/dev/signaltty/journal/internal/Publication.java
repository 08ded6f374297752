package dev.signaltty.journal.internal;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.Connection;

/**
 * The journal's read side: synced records go to the ring, the live subscriptions and daemon.log's
 * lifecycle lines, in seq order under the publication lock; {@code subscribe} captures history, coverage
 * and the handoff fence under the same lock (seed R181). A slow subscriber only fills its own
 * connection's bounded queue (R201).
 */
final class Publication {

    private static final Logger log = LoggerFactory.getLogger(Publication.class);

    private final AuditLog audit;
    private final ReentrantLock pubLock = new ReentrantLock();
    private final Ring ring;
    /** The newest published seq (guarded by pubLock). */
    private long fence;
    private final Subscriptions subscriptions = new Subscriptions();
    /** daemon.log's lifecycle lines, fed in seq order under the publication lock. */
    private final EventLines eventLines = new EventLines();
    private final AtomicLong published = new AtomicLong();

    /** Numbers of this run are all above {@code startBase}: the empty ring proves (startBase, fence]. */
    Publication(AuditLog audit, long startBase) {
        this.audit = audit;
        this.ring = new Ring(startBase);
        this.fence = startBase;
    }

    /** Hands synced records (ascending seq) to the ring and the subscribers. */
    void publish(List<AuditRecord> records) {
        pubLock.lock();
        try {
            for (AuditRecord record : records) {
                ring.add(record);
                fence = record.seq();
                subscriptions.offer(record);
                eventLines.published(record);
            }
            published.addAndGet(records.size());
        } finally {
            pubLock.unlock();
        }
    }

    /** See {@link Journal#subscribe}; {@code head} is the newest issued seq, read under the lock. */
    Journal.Subscribed subscribe(Connection connection, EventFilter filter, @Nullable Long fromSeq,
                                 LongSupplier head) {
        Subscription subscription;
        ReplayPlanner.Capture capture;
        AuditLog.@Nullable Captured captured = null;
        pubLock.lock();
        try {
            subscription = subscriptions.create(connection, filter, fence, fromSeq == null);
            if (fromSeq == null) {
                subscriptions.register(subscription);
                return new Journal.Subscribed(true, null);
            }
            long diskProvenAfter = audit.provenAfter();
            long provenAfter = Math.min(diskProvenAfter, ring.coversAfter());
            long headNow = head.getAsLong();
            if (fromSeq <= headNow && fromSeq >= provenAfter && fromSeq < ring.coversAfter()) {
                try {
                    captured = audit.capture();
                } catch (IOException e) {
                    log.warn("replay cannot open the audit: {}", e.toString());
                }
            }
            capture = new ReplayPlanner.Capture(headNow, fence, diskProvenAfter, audit.discardedThrough(),
                    ring.coversAfter(), ring.snapshot(), captured);
            subscriptions.register(subscription);
        } finally {
            pubLock.unlock();
        }
        ReplayPlanner.Outcome outcome;
        try {
            outcome = ReplayPlanner.plan(fromSeq, capture, filter);
        } finally {
            if (captured != null) {
                captured.close();
            }
        }
        if (!outcome.replay().complete()) {
            subscriptions.refuse(subscription);
            return new Journal.Subscribed(false, outcome);
        }
        subscription.activate(outcome.records());
        return new Journal.Subscribed(!subscription.isClosed(), outcome);
    }

    boolean unsubscribe(Connection connection) {
        return subscriptions.unsubscribe(connection);
    }

    long lagClosures() {
        return subscriptions.lagClosures();
    }

    long publishedCount() {
        return published.get();
    }

    int subscriberCount() {
        return subscriptions.size();
    }
}
