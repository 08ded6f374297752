package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import tools.jackson.databind.JsonNode;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * The journal's write side: seq issue, the queue, and the writer thread that group-commits.
 *
 * <p>Flow of one record: the caller takes the next seq and queues its record under the sequence lock (so
 * queue order is seq order); the writer gathers a batch ({@link CommitGrouping}), writes it, syncs once,
 * hands it to {@code publish} (the ring and the subscriptions) and only then releases the callers. Nothing
 * is published before its sync (seed R171). Any write failure refuses every later record and stops the
 * server (R176).
 */
final class GroupCommit {

    /** A record waits at most this long for its sync; longer means the disk is gone: stop. */
    static final long APPEND_DEADLINE_SECONDS = 60;

    private static final Logger log = LoggerFactory.getLogger(GroupCommit.class);

    private final Sequencer sequencer;
    private final AuditLog audit;
    private final Consumer<List<AuditRecord>> publish;
    private final JournalFailureHandler onFailure;
    private final CommitGrouping grouping = new CommitGrouping();

    private final ReentrantLock seqLock = new ReentrantLock();
    private final Condition queued = seqLock.newCondition();
    private final Condition synced = seqLock.newCondition();
    /** Every seq at or below this is synced or transient (guarded by seqLock). */
    private long durableThrough;
    /** The head when the writer took the batch it is writing; -1 while it writes none (guarded by seqLock). */
    private long writingThrough = -1;
    private List<Pending> queue = new ArrayList<>();
    /** A submit wakes the writer once this many records are queued (guarded by seqLock). */
    private int wakeAt = 1;
    private volatile long head;
    private volatile boolean running = true;
    private volatile @Nullable Throwable failure;
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private final AtomicLong commits = new AtomicLong();
    private final Thread writer;
    /** Set once metrics are bound (ADR 0100); null means not measured. */
    private volatile @Nullable Timer syncTimer;
    private volatile @Nullable DistributionSummary batchSizes;

    /** A queued record and the thread that waits for it. */
    final class Pending implements EventLog.Submitted {
        private final AuditRecord record;
        private final Thread submitter = Thread.currentThread();
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        /** The record's audit line, encoded by whichever comes first: its caller or the writer. */
        private volatile byte @Nullable [] line;

        private Pending(AuditRecord record) {
            this.record = record;
        }

        /**
         * Encodes the audit line now, on the caller's thread after it released its guards, so the
         * writer, which serves every caller in turn, mostly finds it done (ADR 0415). Both would encode
         * the same bytes.
         */
        byte[] encode() {
            byte[] encoded = line;
            if (encoded == null) {
                encoded = record.toLine();
                line = encoded;
            }
            return encoded;
        }

        @Override
        public long seq() {
            return record.seq();
        }

        @Override
        public void await() {
            encode();
            GroupCommit.this.await(this);
        }
    }

    GroupCommit(Sequencer sequencer, AuditLog audit, Consumer<List<AuditRecord>> publish,
                JournalFailureHandler onFailure) {
        this.sequencer = sequencer;
        this.audit = audit;
        this.publish = publish;
        this.onFailure = onFailure;
        this.head = sequencer.startBase();
        this.durableThrough = sequencer.startBase();
        this.writer = new Thread(this::writeLoop, "journal-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** Issues the next seq and queues the record; the caller awaits it after releasing its state guard. */
    Pending submit(String event, JsonNode payload) {
        seqLock.lock();
        try {
            checkRunning();
            Pending pending = new Pending(new AuditRecord(issue(), event, payload, Instant.now()));
            queue.add(pending);
            if (queue.size() >= wakeAt) {
                queued.signal();
            }
            return pending;
        } finally {
            seqLock.unlock();
        }
    }

    private void await(Pending pending) {
        try {
            pending.done.get(APPEND_DEADLINE_SECONDS, TimeUnit.SECONDS);
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

    long nextTransientSeq() {
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

    long head() {
        return head;
    }

    /** Returns once every seq up to {@code seq} is synced (or transient). */
    void awaitDurable(long seq) {
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

    private void writeLoop() {
        while (true) {
            List<Pending> batch;
            seqLock.lock();
            try {
                while (queue.isEmpty() && running && failure == null) {
                    queued.awaitUninterruptibly();
                }
                gather();
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
            List<byte[]> lines = new ArrayList<>(batch.size());
            for (Pending pending : batch) {
                records.add(pending.record);
                lines.add(pending.encode());
            }
            long writeStart = System.nanoTime();
            try {
                audit.append(records, lines);
            } catch (IOException | RuntimeException e) {
                fail(e);
                failAll(batch, e);
                continue;
            }
            long syncNanos = System.nanoTime() - writeStart;
            measure(syncNanos, records.size());
            commits.incrementAndGet();
            publish.accept(records);
            int released;
            int waiting;
            seqLock.lock();
            try { // counted before the release: a caller that returns at once is not counted twice
                released = released(batch, queue);
                waiting = queue.size();
            } finally {
                seqLock.unlock();
            }
            for (Pending pending : batch) {
                pending.done.complete(null);
            }
            seqLock.lock();
            try {
                durableThrough = writingThrough;
                writingThrough = -1;
                grouping.synced(released, waiting, syncNanos);
                synced.signalAll();
            } finally {
                seqLock.unlock();
            }
        }
    }

    /** Under seqLock, with something queued: waits a moment for the callers the last sync answered. */
    private void gather() {
        long left = grouping.waitNanos(queue.size());
        if (left <= 0) {
            return;
        }
        int target = grouping.target();
        int before = queue.size();
        long start = System.nanoTime();
        wakeAt = target;
        try {
            while (queue.size() < target && running && failure == null && left > 0) {
                left = queued.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nobody interrupts the writer; take the batch as it is
        } finally {
            wakeAt = 1;
        }
        grouping.gathered(queue.size() >= target, queue.size() > before, System.nanoTime() - start);
    }

    /** Callers the batch releases: its submitters, less those that still wait for a queued record. */
    private static int released(List<Pending> batch, List<Pending> queued) {
        Set<Thread> threads = new HashSet<>();
        for (Pending pending : batch) {
            threads.add(pending.submitter);
        }
        for (Pending pending : queued) {
            threads.remove(pending.submitter);
        }
        return threads.size();
    }

    private static void failAll(List<Pending> pendings, @Nullable Throwable cause) {
        for (Pending pending : pendings) {
            pending.done.completeExceptionally(cause != null ? cause : new IOException("journal closed"));
        }
    }

    void checkRunning() {
        if (!running || failure != null) {
            throw stopped(failure);
        }
    }

    static ProtocolException stopped(@Nullable Throwable cause) {
        return new ProtocolException(ErrorCode.IO_ERROR, "the journal cannot write; the server is stopping",
                Map.of(), cause);
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

    boolean failed() {
        return failure != null;
    }

    /** Syncs performed: fewer than the records written under concurrency (group commit). */
    long commitCount() {
        return commits.get();
    }

    void measureWith(Timer sync, DistributionSummary sizes) {
        syncTimer = sync;
        batchSizes = sizes;
    }

    private void measure(long nanos, int records) {
        Timer timer = syncTimer;
        DistributionSummary sizes = batchSizes;
        if (timer != null && sizes != null) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
            sizes.record(records);
        }
    }

    /** Drains what is queued and stops the writer; true when it stopped cleanly (nothing failed). */
    boolean stop() {
        seqLock.lock();
        try {
            if (!running) {
                return false;
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
        return failure == null && !writer.isAlive();
    }
}
