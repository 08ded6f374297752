package dev.signaltty.journal;

import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.ProtocolJson;

/**
 * Saves one snapshot document every period, but only when its captured content changed, and once more
 * on {@link #stop()}. A failed save is logged and retried next period (snapshot durability is separate
 * from the journal's: the seed allows a snapshot to lag).
 */
public final class PeriodicSnapshot {

    private static final Logger log = LoggerFactory.getLogger(PeriodicSnapshot.class);

    private final String name;
    private final SnapshotStore store;
    private final Supplier<Object> capture;
    private @Nullable ScheduledExecutorService timer;
    private byte @Nullable [] lastSaved;

    public PeriodicSnapshot(String name, SnapshotStore store, Supplier<Object> capture) {
        this.name = name;
        this.store = store;
        this.capture = capture;
    }

    public synchronized void saveIfChanged() {
        Object document = capture.get();
        byte[] bytes = ProtocolJson.MAPPER.writeValueAsBytes(document);
        if (lastSaved != null && Arrays.equals(lastSaved, bytes)) {
            return;
        }
        store.save(name, document);
        lastSaved = bytes;
    }

    public void start(long periodMillis) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("snapshot-" + name).factory());
        executor.scheduleWithFixedDelay(this::saveQuietly, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
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
