package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

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
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.EventCatalog;
import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.SignalttyPaths;

/**
 * The event journal: seq issue, group-committed audit appends, the ring, and subscriptions.
 *
 * <p>Flow of one append: the caller takes the next seq and queues its record under the sequence lock
 * (so queue order is seq order); the writer thread takes everything queued, writes it, syncs once
 * (group commit), then publishes each record in order to the ring and the subscriptions, and only then
 * releases the callers. Nothing is published before its sync (seed R171); a slow subscriber only fills
 * its own connection's bounded queue (R201). Any write failure refuses every later append and stops the
 * server (R176).
 */
@Component
public class Journal implements EventLog, JournalTail, AutoCloseable, MeterBinder {

    /** {@code signaltty server recover} starts the daemon with this set to true. */
    public static final String RECOVER_PROPERTY = "signaltty.journal.recover";
    /** An append waits at most this long for its sync; longer means the disk is gone: stop. */
    static final long APPEND_DEADLINE_SECONDS = 60;

    private static final Logger log = LoggerFactory.getLogger(Journal.class);

    private final Sequencer sequencer;
    private final AuditLog audit;
    private final JournalFailureHandler onFailure;

    private final ReentrantLock seqLock = new ReentrantLock();
    private final Condition queued = seqLock.newCondition();
    private final Condition synced = seqLock.newCondition();
    /** Every seq at or below this is synced or transient (guarded by seqLock). */
    private long durableThrough;
    /** The head when the writer took the batch it is writing; -1 while it writes none (guarded by seqLock). */
    private long writingThrough = -1;
    /** This thread's open {@link #defer} scopes: appends only submit; the outermost scope awaits them. */
    private final ThreadLocal<DeferredScope> deferred = new ThreadLocal<>();
    private List<Pending> queue = new ArrayList<>();
    private volatile long head;
    private volatile boolean running = true;
    private volatile @Nullable Throwable failure;
    private final AtomicBoolean failureReported = new AtomicBoolean();

    private final ReentrantLock pubLock = new ReentrantLock();
    private final Ring ring;
    private long fence;
    private final Subscriptions subscriptions = new Subscriptions();
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();

    private final Thread writer;
    /** Set once metrics are bound (ADR 0100); null means not measured. */
    private volatile @Nullable Timer syncTimer;
    private volatile @Nullable DistributionSummary batchSizes;

    private final class Pending implements Submitted {
        private final AuditRecord record;
        private final CompletableFuture<Void> done;

        Pending(AuditRecord record, CompletableFuture<Void> done) {
            this.record = record;
            this.done = done;
        }

        AuditRecord record() {
            return record;
        }

        CompletableFuture<Void> done() {
            return done;
        }

        @Override
        public long seq() {
            return record.seq();
        }

        @Override
        public void await() {
            Journal.this.await(this);
        }
    }

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
        this.onFailure = onFailure;
        this.audit = AuditLog.scan(stateDir, durability, recover, rotateAt);
        Sequencer opened = Sequencer.openFor(stateDir, durability, audit, recover);
        this.sequencer = opened;
        this.head = opened.startBase();
        this.fence = opened.startBase();
        this.durableThrough = opened.startBase();
        audit.start(opened.startBase());
        // Numbers of this run are all above startBase: the empty ring proves (startBase, fence].
        this.ring = new Ring(opened.startBase());
        this.writer = new Thread(this::writeLoop, "journal-writer");
        writer.setDaemon(true);
        writer.start();
        log.info("journal open in {}: issuing above {}, audit proves cursors >= {}", stateDir, opened.startBase(),
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
            // is awaited so a failure surfaces whichever record it hit
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
        JsonNode tree = ProtocolJson.MAPPER.valueToTree(payload);
        Pending pending;
        seqLock.lock();
        try {
            checkRunning();
            long seq = issue();
            pending = new Pending(new AuditRecord(seq, event, tree, Instant.now()), new CompletableFuture<>());
            queue.add(pending);
            queued.signal();
        } finally {
            seqLock.unlock();
        }
        return pending;
    }

    private void await(Pending pending) {
        try {
            pending.done().get(APPEND_DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stopped(e);
        } catch (ExecutionException e) {
            throw stopped(e.getCause());
        } catch (TimeoutException e) {
            fail(new IOException("audit sync did not finish within " + APPEND_DEADLINE_SECONDS + " s"));
            throw stopped(e);
        }
    }

    @Override
    public long nextTransientSeq() {
        seqLock.lock();
        try {
            checkRunning();
            return issue();
        } finally {
            seqLock.unlock();
        }
    }

    private long issue() {
        try {
            long seq = sequencer.next();
            head = seq;
            return seq;
        } catch (UncheckedIOException e) {
            fail(e);
            throw stopped(e);
        }
    }

    private void checkRunning() {
        if (!running || failure != null) {
            throw stopped(failure);
        }
    }

    private static ProtocolException stopped(@Nullable Throwable cause) {
        return new ProtocolException(ErrorCode.IO_ERROR, "the journal cannot write; the server is stopping",
                Map.of(), cause);
    }

    private void writeLoop() {
        while (true) {
            List<Pending> batch;
            seqLock.lock();
            try {
                while (queue.isEmpty() && running && failure == null) {
                    queued.awaitUninterruptibly();
                }
                if (failure != null || queue.isEmpty()) {
                    failAll(queue, failure);
                    queue = new ArrayList<>();
                    return;
                }
                batch = queue;
                queue = new ArrayList<>();
                writingThrough = head; // every seq up to here is in this batch, an earlier one, or transient
            } finally {
                seqLock.unlock();
            }
            List<AuditRecord> records = new ArrayList<>(batch.size());
            for (Pending pending : batch) {
                records.add(pending.record());
            }
            long writeStart = System.nanoTime();
            try {
                audit.append(records);
            } catch (IOException | RuntimeException e) {
                fail(e);
                failAll(batch, e);
                continue;
            }
            measure(writeStart, records.size());
            commits.incrementAndGet();
            publish(records);
            for (Pending pending : batch) {
                pending.done().complete(null);
            }
            seqLock.lock();
            try {
                durableThrough = writingThrough;
                writingThrough = -1;
                synced.signalAll();
            } finally {
                seqLock.unlock();
            }
        }
    }

    /** daemon.log's lifecycle lines, fed in seq order under the publish lock. */
    private final EventLines eventLines = new EventLines();

    @Override
    public long issuedThrough() {
        return head;
    }

    @Override
    public void awaitDurable(long seq) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(APPEND_DEADLINE_SECONDS);
        seqLock.lock();
        try {
            while (durableThrough < seq) {
                checkRunning();
                if (queue.isEmpty() && writingThrough < 0) {
                    durableThrough = Math.max(durableThrough, head); // nothing queued or in flight: all synced
                    break;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw stopped(new TimeoutException("audit sync did not reach seq " + seq));
                }
                synced.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stopped(e);
        } finally {
            seqLock.unlock();
        }
    }

    @Override
    public int replayAfter(String document, @Nullable Long after, java.util.function.Predicate<String> events,
                           java.util.function.Consumer<Event> apply) {
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
                    fail(e);
                    throw stopped(e);
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

    private void publish(List<AuditRecord> records) {
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

    private static void failAll(List<Pending> pendings, @Nullable Throwable cause) {
        for (Pending pending : pendings) {
            pending.done().completeExceptionally(cause != null ? cause : new IOException("journal closed"));
        }
    }

    /** Records the failure, refuses everything after it, and stops the server (once). */
    void fail(Throwable cause) {
        seqLock.lock();
        try {
            if (failure == null) {
                failure = cause;
            }
            queued.signalAll();
        } finally {
            seqLock.unlock();
        }
        if (failureReported.compareAndSet(false, true)) {
            log.error("journal write failed in {}; refusing every later event", sequencer.file().getParent(), cause);
            onFailure.journalFailed(cause);
        }
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
        Subscription subscription;
        ReplayPlanner.Capture capture;
        AuditLog.@Nullable Captured captured = null;
        pubLock.lock();
        try {
            subscription = subscriptions.create(connection, filter, fence, fromSeq == null);
            if (fromSeq == null) {
                subscriptions.register(subscription);
                return new Subscribed(true, null);
            }
            long diskProvenAfter = audit.provenAfter();
            long provenAfter = Math.min(diskProvenAfter, ring.coversAfter());
            long headNow = head;
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
            return new Subscribed(false, outcome);
        }
        subscription.activate(outcome.records());
        return new Subscribed(!subscription.isClosed(), outcome);
    }

    /** Ends the connection's subscription; false when it had none. */
    public boolean unsubscribe(Connection connection) {
        return subscriptions.unsubscribe(connection);
    }

    private void measure(long writeStart, int records) {
        Timer timer = syncTimer;
        DistributionSummary sizes = batchSizes;
        if (timer != null && sizes != null) {
            timer.record(System.nanoTime() - writeStart, TimeUnit.NANOSECONDS);
            sizes.record(records);
        }
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        batchSizes = DistributionSummary.builder("signaltty.journal.batch.size")
                .description("Events written and synced together (group commit)").baseUnit("events")
                .publishPercentileHistogram().minimumExpectedValue(1.0).maximumExpectedValue(4096.0)
                .register(meters);
        syncTimer = Timer.builder("signaltty.journal.sync")
                .description("Write plus fsync of one batch of audit records")
                .publishPercentileHistogram().minimumExpectedValue(java.time.Duration.ofNanos(20_000))
                .maximumExpectedValue(java.time.Duration.ofSeconds(60)).register(meters);
        FunctionCounter.builder("signaltty.journal.events", this, Journal::publishedCount)
                .description("Events journaled and published").register(meters);
        Gauge.builder("signaltty.subscriptions", this, Journal::subscriberCount)
                .description("Live event subscriptions").register(meters);
        FunctionCounter.builder("signaltty.subscriptions.lag.closures", this, Journal::lagClosures)
                .description("Event streams closed because the subscriber fell behind").register(meters);
    }

    /** Streams closed because their client fell behind or delivery went out of order. */
    public long lagClosures() {
        return subscriptions.lagClosures();
    }

    public long publishedCount() {
        return published.get();
    }

    /** Syncs performed for appends: fewer than {@link #publishedCount} under concurrency (group commit). */
    public long commitCount() {
        return commits.get();
    }

    public int subscriberCount() {
        return subscriptions.size();
    }

    public long head() {
        return head;
    }

    public boolean failed() {
        return failure != null;
    }

    AuditLog audit() {
        return audit;
    }

    /** Drains what is queued, stops the writer and records a clean stop. */
    @Override
    public void close() throws IOException {
        seqLock.lock();
        try {
            if (!running) {
                return;
            }
            running = false;
            queued.signalAll();
        } finally {
            seqLock.unlock();
        }
        try {
            writer.join(TimeUnit.SECONDS.toMillis(APPEND_DEADLINE_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure == null && !writer.isAlive()) {
            audit.close();
        }
    }
}
