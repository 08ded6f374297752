package dev.signaltty.pane.internal.agent;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.PeriodicSnapshot;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists each agent pane's agent name and last session id, so pane.resume after a restart resumes
 * the agent's session (ADR-0083). Restores after the pane snapshot (only panes that came back) and
 * before the socket opens; saves last, after the socket has closed.
 */
@Component
class AgentSnapshots implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AgentSnapshots.class);
    static final String NAME = "agents";
    static final long PERIOD_MS = 500;

    record Document(int version, List<AgentStates.Remembered> panes) {
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
        this.periodic = new PeriodicSnapshot(NAME, snapshots, () -> new Document(1, states.remembered()));
    }

    @Override
    public void start() {
        snapshots.load(NAME, Document.class).ifPresent(document -> {
            int restored = 0;
            for (AgentStates.Remembered remembered : document.panes()) {
                if (panes.find(remembered.paneId()).isPresent()) {
                    states.restore(remembered);
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
