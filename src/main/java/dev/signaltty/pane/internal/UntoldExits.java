package dev.signaltty.pane.internal;

import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.PaneAgents;
import dev.signaltty.journal.EventLog;
import dev.signaltty.workspace.StructureLock;

/**
 * The exits the previous daemon never told (ADR 1060). A pane restored from a snapshot whose program was still
 * running, with no {@code pane.exited} in the journal after it, lost its program with that daemon: a crash, a
 * SIGKILL or the machine going down closed its PTY master, and the kernel hung the program up. Unless the
 * restart in place adopted it ({@link LiveHandOver}, which starts first), the exit is told now, once, before the
 * socket opens: the pane gets {@code exit_unknown} and a {@code pane.exited} is journaled, so a client that
 * follows the events sees the pane end instead of running forever. The agent module is told which panes these
 * are, and journals their agents' {@code agent.exited} at its restore (ADR 1140); decisions and tasks restore their
 * own state for such panes (decisions cleared, tasks {@code server_restart}), so no application event is published.
 */
@Component
class UntoldExits extends StartStep {

    private static final Logger log = LoggerFactory.getLogger(UntoldExits.class);

    static final String LOST_WITH_THE_DAEMON =
            "the daemon ended while it ran (a crash or a kill; no hand-over): its exit status is lost";

    private final EventLog events;
    private final StructureLock lock;
    private final PaneSnapshots snapshots;
    private final PaneAgents agents;

    UntoldExits(EventLog events, StructureLock lock, PaneSnapshots snapshots, PaneAgents agents) {
        // after the restart in place adopted what it kept (-185), before the restart policies relaunch (-140)
        super(Integer.MAX_VALUE - 180);
        this.agents = agents;
        this.events = events;
        this.lock = lock;
        this.snapshots = snapshots;
    }

    @Override
    void run() {
        List<Pane> panes = snapshots.takeUntoldExits();
        int told = 0;
        for (Pane pane : panes) {
            if (pane.closed || pane.session != null) {
                continue; // adopted by the restart in place: it runs on
            }
            if (pane.exitCode == null && pane.exitUnknown == null) {
                pane.exitUnknown = LOST_WITH_THE_DAEMON;
            }
            if (pane.exitedAt == null) {
                pane.exitedAt = Instant.now(); // when this daemon found it gone, as the journal's record says
            }
            lock.run(() -> events.append(new PaneEvents.Exited(pane.id, pane.workspaceId, pane.exitCode,
                    pane.exitUnknown, pane.taskId())));
            agents.exitToldLate(pane.id); // its agent's agent.exited follows at the agent restore (ADR 1140)
            told++;
        }
        if (told > 0) {
            log.warn("{} panes' programs ended with the previous daemon without a told exit: told now as exited", told);
        }
    }
}
