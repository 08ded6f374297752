package dev.signaltty.journal;

import org.springframework.context.SmartLifecycle;

/**
 * One module's snapshot as a Spring lifecycle: at start it restores what the snapshot (and the journal
 * past it) holds, then saves every {@value #PERIOD_MS} ms through its {@link PeriodicSnapshot}; at stop
 * it saves once more. The phase orders the owners against each other and the socket (a higher phase starts later and
 * stops earlier), so each restore sees what it depends on and each last save follows the socket's close.
 */
public abstract class SnapshotLifecycle implements SmartLifecycle {

    /** How often each snapshot captures its state (it saves only when that changed). */
    public static final long PERIOD_MS = 500;

    private final PeriodicSnapshot periodic;
    private final int phase;
    private volatile boolean running;

    protected SnapshotLifecycle(String name, SnapshotStore store, JournalTail journal, int phase) {
        this.periodic = new PeriodicSnapshot(name, store, journal, this::capture);
        this.phase = phase;
    }

    /** The document to save, with the journal seq it reflects ({@link JournalTail#issuedThrough}). */
    protected abstract Object capture();

    /** Brings the module's state back at start, before the first save. */
    protected abstract void restoreAtStart();

    @Override
    public void start() {
        restoreAtStart();
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
        return phase;
    }
}
