package dev.signaltty.journal;

import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * Saves one snapshot document every period when its captured content changed, and once more on
 * {@link #stop()}. A failed save is logged and retried next period (snapshot durability is separate
 * from the journal's: the seed allows a snapshot to lag).
 *
 * <p>A document carries a top-level {@code seq}: the journal position it reflects, read by the
 * capture under the guard its events are appended under ({@link JournalTail#issuedThrough}). The
 * save waits until the journal is durable through it, so a snapshot never holds state the journal
 * could still lose; at start the owner replays the journal's events past it (ADR 0130). The seq alone
 * does not make the content "changed"; it is refreshed at most every {@value #SEQ_REFRESH_MS} ms, so
 * the tail a restart replays stays short.
 */
public final class PeriodicSnapshot {

    private static final Logger log = LoggerFactory.getLogger(PeriodicSnapshot.class);
    static final long SEQ_REFRESH_MS = 2_000;

    private final String name;
    private final SnapshotStore store;
    private final JournalTail journal;
    private final Supplier<Object> capture;
    private @Nullable ScheduledExecutorService timer;
    private byte @Nullable [] lastSaved;
    private long lastSeq = -1;
    private long lastSavedAt;

    public PeriodicSnapshot(String name, SnapshotStore store, JournalTail journal, Supplier<Object> capture) {
        this.name = name;
        this.store = store;
        this.journal = journal;
        this.capture = capture;
    }

    public synchronized void saveIfChanged() {
        Object document = capture.get();
        ObjectNode tree = (ObjectNode) ProtocolJson.MAPPER.valueToTree(document);
        JsonNode seqNode = tree.remove("seq");
        long seq = seqNode == null ? 0 : seqNode.asLong();
        byte[] content = ProtocolJson.MAPPER.writeValueAsBytes(tree);
        long now = System.nanoTime();
        boolean same = lastSaved != null && Arrays.equals(lastSaved, content);
        if (same && (seq == lastSeq || now - lastSavedAt < TimeUnit.MILLISECONDS.toNanos(SEQ_REFRESH_MS))) {
            return;
        }
        journal.awaitDurable(seq);
        store.save(name, document);
        lastSaved = content;
        lastSeq = seq;
        lastSavedAt = now;
    }

    /** Saves once right away (the state just restored, with its seq), then every period. */
    public void start(long periodMillis) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("snapshot-" + name).factory());
        // the first save runs on the snapshot thread, not on the start path to socket-ready (issue 24):
        // it only records a restored state that the journal already holds (a kill before it replays the
        // same tail again), and saveIfChanged is synchronized against the periodic and the final save
        executor.scheduleWithFixedDelay(this::saveQuietly, 0, periodMillis, TimeUnit.MILLISECONDS);
        timer = executor;
    }

    public void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
        saveQuietly();
    }

    private void saveQuietly() {
        try {
            saveIfChanged();
        } catch (RuntimeException e) {
            log.warn("snapshot {} failed (will retry)", name, e);
        }
    }
}
