package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.journal.JournalTail;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.EventCatalog;
import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.SignalttyPaths;

/**
 * The event journal: the one {@link EventLog} of the daemon. Its parts: {@link Sequencer} issues seq
 * numbers from durable reservations, {@link GroupCommit} queues, writes and syncs records in batches
 * into the {@link AuditLog}, {@link Publication} hands synced records to the ring and the
 * subscriptions; replay of the audit for snapshots ({@link #replayAfter}) is here.
 *
 * <p>Nothing is published before its sync (seed R171); any write failure refuses every later append
 * and stops the server (R176).
 */
@Component
public class Journal implements EventLog, JournalTail, AutoCloseable, MeterBinder {

    /** {@code signaltty server recover} starts the daemon with this set to true. */
    public static final String RECOVER_PROPERTY = "signaltty.journal.recover";

    private static final Logger log = LoggerFactory.getLogger(Journal.class);

    private final Sequencer sequencer;
    private final AuditLog audit;
    private final Publication publication;
    private final GroupCommit commits;
    /** This thread's open {@link #defer} scopes: appends only submit; the outermost scope awaits them. */
    private final ThreadLocal<DeferredScope> deferred = new ThreadLocal<>();

    /** The daemon's catalog, checked on every append; tests that open a journal directly have none. */
    private volatile @Nullable EventCatalog catalog;

    /** The daemon's journal: state dir from the environment, exit on write failure. */
    @Autowired
    public Journal(Environment environment, ConfigurableApplicationContext context, EventCatalog catalog)
            throws IOException {
        this(SignalttyPaths.resolve(environment::getProperty).stateDir(), new Durability(),
                environment.getProperty(RECOVER_PROPERTY, Boolean.class, false), new ExitOnJournalFailure(context));
        this.catalog = catalog;
    }

    /**
     * Opens the journal in {@code stateDir}.
     *
     * @param recover record the loss of proof for corrupt history instead of refusing to start
     * @throws JournalCorruptException when history cannot be trusted and {@code recover} is false
     */
    public Journal(Path stateDir, Durability durability, boolean recover, JournalFailureHandler onFailure)
            throws IOException {
        this(stateDir, durability, recover, onFailure, AuditLog.ROTATE_AT);
    }

    /** As above with a smaller rotation threshold, so tests can cross it. */
    Journal(Path stateDir, Durability durability, boolean recover, JournalFailureHandler onFailure, long rotateAt)
            throws IOException {
        this.audit = AuditLog.scan(stateDir, durability, recover, rotateAt);
        this.sequencer = Sequencer.openFor(stateDir, durability, audit, recover);
        audit.start(sequencer.startBase());
        this.publication = new Publication(audit, sequencer.startBase());
        this.commits = new GroupCommit(sequencer, audit, publication::publish, onFailure);
        log.info("journal open in {}: issuing above {}, audit proves cursors >= {}", stateDir, sequencer.startBase(),
                audit.provenAfter());
    }

    @Override
    public long append(EventPayload payload) {
        Submitted submitted = submit(payload);
        DeferredScope scope = deferred.get();
        if (scope != null) {
            scope.submitted.add(submitted);
        } else {
            submitted.await();
        }
        return submitted.seq();
    }

    @Override
    public Deferred defer() {
        DeferredScope open = deferred.get();
        if (open != null) {
            open.depth++;
            return open;
        }
        DeferredScope scope = new DeferredScope();
        deferred.set(scope);
        return scope;
    }

    /** One thread's deferral: appends queue their records; the outermost close waits for the last one. */
    private final class DeferredScope implements Deferred {
        private final List<Submitted> submitted = new ArrayList<>();
        private int depth = 1;

        @Override
        public void close() {
            if (--depth > 0) {
                return;
            }
            deferred.remove();
            // the writer completes records in seq order: the last one done means all are done, but each
            // is awaited so a failure surfaces whichever record it hit; all are encoded before the first
            // wait, off the writer's path
            for (Submitted s : submitted) {
                if (s instanceof GroupCommit.Pending pending) {
                    pending.encode();
                }
            }
            for (Submitted s : submitted) {
                s.await();
            }
        }
    }

    @Override
    public Submitted submit(EventPayload payload) {
        String event = payload.event();
        if (catalog != null && !catalog.matches(payload)) {
            throw new IllegalArgumentException("event " + event + " with payload " + payload.getClass().getName()
                    + ": the event catalog lists another record for it (ADR 0270)");
        }
        // encoded before the sequence lock: the lock then covers only seq issue and the queue
        return commits.submit(event, ProtocolJson.MAPPER.valueToTree(payload));
    }

    @Override
    public long nextTransientSeq() {
        return commits.nextTransientSeq();
    }

    @Override
    public long issuedThrough() {
        return commits.head();
    }

    @Override
    public void awaitDurable(long seq) {
        commits.awaitDurable(seq);
    }

    @Override
    public int replayAfter(String document, @Nullable Long after, Predicate<String> events, Consumer<Event> apply) {
        if (after == null) {
            log.info("snapshot {} is missing or records no seq (an older version's): restored as saved, without "
                    + "the journal's later events", document);
            return 0;
        }
        long provenAfter = audit.provenAfter();
        if (after < provenAfter) {
            String reason = "snapshot " + document + " reflects seq " + after + " but the audit proves only events"
                    + " after " + provenAfter + ": its state cannot be proven";
            if (provenAfter >= sequencer.startBase()) {
                log.warn("{} (already recorded: no cursor from before this run replays complete)", reason);
            } else {
                try {
                    audit.recordLoss(reason, sequencer.startBase());
                } catch (IOException e) {
                    commits.fail(e);
                    throw GroupCommit.stopped(e);
                }
            }
        }
        int applied = 0;
        try (AuditLog.Captured captured = audit.capture()) {
            for (AuditRecord record : captured.read(Math.max(after, provenAfter), sequencer.startBase())) {
                if (events.test(record.event())) {
                    apply.accept(new Event(record.seq(), record.event(), record.payload(), record.at()));
                    applied++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the audit to catch up snapshot " + document, e);
        }
        if (applied > 0) {
            log.info("snapshot {} caught up with {} journaled events after seq {}", document, applied, after);
        }
        return applied;
    }

    /** Result of {@link #subscribe}. */
    public record Subscribed(boolean subscribed, ReplayPlanner.@Nullable Outcome outcome) {
    }

    /**
     * Subscribes {@code connection} (replacing its previous subscription). Without {@code fromSeq} the
     * stream is live only. With it, one capture under the publication lock takes the ring, the
     * coverage and the fence and registers the pending subscription (R181); a complete replay is sent
     * and the subscription goes live, anything else leaves the connection unsubscribed.
     */
    public Subscribed subscribe(Connection connection, EventFilter filter, @Nullable Long fromSeq) {
        return publication.subscribe(connection, filter, fromSeq, commits::head);
    }

    /** Ends the connection's subscription; false when it had none. */
    public boolean unsubscribe(Connection connection) {
        return publication.unsubscribe(connection);
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        DistributionSummary batchSizes = DistributionSummary.builder("signaltty.journal.batch.size")
                .description("Events written and synced together (group commit)").baseUnit("events")
                .publishPercentileHistogram().minimumExpectedValue(1.0).maximumExpectedValue(4096.0)
                .register(meters);
        Timer syncTimer = Timer.builder("signaltty.journal.sync")
                .description("Write plus fsync of one batch of audit records")
                .publishPercentileHistogram().minimumExpectedValue(java.time.Duration.ofNanos(20_000))
                .maximumExpectedValue(java.time.Duration.ofSeconds(60)).register(meters);
        commits.measureWith(syncTimer, batchSizes);
        FunctionCounter.builder("signaltty.journal.events", this, Journal::publishedCount)
                .description("Events journaled and published").register(meters);
        Gauge.builder("signaltty.subscriptions", this, Journal::subscriberCount)
                .description("Live event subscriptions").register(meters);
        FunctionCounter.builder("signaltty.subscriptions.lag.closures", this, Journal::lagClosures)
                .description("Event streams closed because the subscriber fell behind").register(meters);
    }

    /** Streams closed because their client fell behind or delivery went out of order. */
    public long lagClosures() {
        return publication.lagClosures();
    }

    public long publishedCount() {
        return publication.publishedCount();
    }

    /** Syncs performed for appends: fewer than {@link #publishedCount} under concurrency (group commit). */
    public long commitCount() {
        return commits.commitCount();
    }

    public int subscriberCount() {
        return publication.subscriberCount();
    }

    public long head() {
        return commits.head();
    }

    public boolean failed() {
        return commits.failed();
    }

    AuditLog audit() {
        return audit;
    }

    /** Drains what is queued, stops the writer and records a clean stop. */
    @Override
    public void close() throws IOException {
        if (commits.stop()) {
            audit.close();
        }
    }
}
