package dev.signaltty.decision.internal;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.PeriodicSnapshot;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists the retained decisions (ADR-0084). Restores before the socket opens; a decision that was
 * still pending comes back cleared as native_cancelled, since its waiting hook did not survive.
 * Saves last on stop, after the socket closed and cancelled any waiting hooks.
 */
@Component
class DecisionSnapshots implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DecisionSnapshots.class);
    static final String NAME = "decisions";
    static final long PERIOD_MS = 500;

    record Document(int version, List<Decision.View> decisions) {
    }

    private final DecisionStore store;
    private final SnapshotStore snapshots;
    private final PeriodicSnapshot periodic;
    private volatile boolean running;

    DecisionSnapshots(DecisionStore store, SnapshotStore snapshots) {
        this.store = store;
        this.snapshots = snapshots;
        this.periodic = new PeriodicSnapshot(NAME, snapshots, () -> new Document(1, store.all()));
    }

    @Override
    public void start() {
        snapshots.load(NAME, Document.class).ifPresent(document -> {
            store.restore(document.decisions());
            log.info("restored {} decisions", document.decisions().size());
        });
        running = true;
        periodic.start(PERIOD_MS);
    }

    @Override
    public void stop() {
        running = false;
        periodic.stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 150; // after the panes are back (-200), before the socket (-100)
    }
}
