package dev.signaltty.task.internal;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.pane.Panes;

/**
 * The tasks a daemon start finds unfinished (ADR 1340). It runs once the restart in place adopted the programs it
 * kept (phase -185) and the exits lost with a killed daemon were told (-180), and before the restart policies
 * relaunch restored panes (-140): a worker alive at this point is the very program the task started, kept running
 * through {@code server restart}, never a relaunch.
 */
@Component
class RestartedTasks implements SmartLifecycle {

    private final TaskStore store;
    private final Panes panes;
    private volatile boolean running;

    RestartedTasks(TaskStore store, Panes panes) {
        this.store = store;
        this.panes = panes;
    }

    @Override
    public void start() {
        store.recover(task -> task.paneId != null
                && panes.find(task.paneId).map(Panes.PaneInfo::alive).orElse(false));
        running = true;
    }

    @Override
    public void stop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 170;
    }
}
