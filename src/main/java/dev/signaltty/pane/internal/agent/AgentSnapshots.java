package dev.signaltty.pane.internal.agent;

import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.PeriodicSnapshot;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists each agent pane's agent name and last session id, so pane.resume after a restart resumes
 * the agent's session (ADR-0083, ADR-0084). Restores after the pane snapshot (only panes that came
 * back) and before the socket opens; saves last, after the socket has closed.
 */
@Component
class AgentSnapshots implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AgentSnapshots.class);
    static final String NAME = "agents";
    static final long PERIOD_MS = 500;

    /** What survives a restart per agent pane. */
    record Remembered(String paneId, String agent, @Nullable String agentSessionId) {
    }

    record Document(int version, List<Remembered> panes) {
    }

    private final AgentStates states;
    private final AgentPanes panes;
    private final SnapshotStore snapshots;
    private final PeriodicSnapshot periodic;
    private volatile boolean running;

    AgentSnapshots(AgentStates states, AgentPanes panes, SnapshotStore snapshots) {
        this.states = states;
        this.panes = panes;
        this.snapshots = snapshots;
        this.periodic = new PeriodicSnapshot(NAME, snapshots, this::capture);
    }

    Document capture() {
        states.lock().lock();
        try {
            return new Document(1, states.statesLocked().stream().filter(s -> !s.removed && s.agent != null)
                    .sorted(Comparator.comparing(s -> s.paneId))
                    .map(s -> new Remembered(s.paneId, s.agent, s.resumableSession)).toList());
        } finally {
            states.lock().unlock();
        }
    }

    /**
     * A restored pane gets its agent and last session back; its process did not survive, so the
     * lifecycle is exited. The process instance is this run's, so every baseline from before the
     * restart reads IDENTITY_CHANGED. Nothing is journaled: the restart changed no state a client saw.
     */
    private void restore(Remembered remembered) {
        states.lock().lock();
        try {
            AgentState s = states.stateFor(remembered.paneId());
            s.agent = remembered.agent();
            s.resumableSession = remembered.agentSessionId();
            s.sessionId = remembered.agentSessionId();
            s.sessionGeneration = remembered.agentSessionId() == null ? 0 : 1;
            s.lifecycle = States.EXITED;
            states.changed().signalAll();
        } finally {
            states.lock().unlock();
        }
    }

    @Override
    public void start() {
        snapshots.load(NAME, Document.class).ifPresent(document -> {
            int restored = 0;
            for (Remembered remembered : document.panes()) {
                if (panes.find(remembered.paneId()).isPresent()) {
                    restore(remembered);
                    restored++;
                }
            }
            log.info("restored the agent and session of {} panes", restored);
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
        return Integer.MAX_VALUE - 150; // after PaneSnapshots (-200), before the socket (-100)
    }
}
