package dev.signaltty.decision.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotLifecycle;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists the retained decisions (ADR-0084). Restores before the socket opens; a decision that was
 * still pending comes back cleared as native_cancelled, since its waiting hook did not survive.
 * Saves last on stop, after the socket closed and cancelled any waiting hooks.
 */
@Component
class DecisionSnapshots extends SnapshotLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DecisionSnapshots.class);
    static final String NAME = "decisions";

    /** {@code seq}: the journal position the document reflects (null in documents of older versions). */
    record Document(int version, @Nullable Long seq, List<Decision.View> decisions) {
    }

    private final DecisionStore store;
    private final SnapshotStore snapshots;

    private final JournalTail journal;

    DecisionSnapshots(DecisionStore store, SnapshotStore snapshots, JournalTail journal) {
        // after the panes are back (-200), before the socket (-100)
        super(NAME, snapshots, journal, Integer.MAX_VALUE - 150);
        this.store = store;
        this.snapshots = snapshots;
        this.journal = journal;
    }

    @Override
    protected Document capture() {
        return store.read(() -> new Document(1, journal.issuedThrough(), store.all()));
    }

    @Override
    protected void restoreAtStart() {
        List<Decision.View> decisions = DecisionCatchUp.apply(
                snapshots.load(NAME, Document.class).orElse(new Document(1, null, List.of())), journal);
        store.restore(decisions);
        log.info("restored {} decisions", decisions.size());
    }
}
