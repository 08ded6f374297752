package dev.signaltty.pane.internal;

import org.springframework.context.SmartLifecycle;

/**
 * A step the daemon takes once at start, at {@code phase} among the snapshots' restores and the socket (a higher
 * phase starts later), with nothing to undo at stop. A step must not be a dependency of an earlier one: Spring
 * starts a lifecycle bean's dependencies first, whatever their phase (ADR 1060).
 */
abstract class StartStep implements SmartLifecycle {

    private final int phase;
    private volatile boolean running;

    StartStep(int phase) {
        this.phase = phase;
    }

    /** The step itself. */
    abstract void run();

    @Override
    public final void start() {
        run();
        running = true;
    }

    @Override
    public final void stop() {
        running = false;
    }

    @Override
    public final boolean isRunning() {
        return running;
    }

    @Override
    public final int getPhase() {
        return phase;
    }
}
