package dev.signaltty.agent.internal;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.journal.EventLog;
import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotLifecycle;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists each agent pane's agent name and last session id, so pane.resume after a restart resumes
 * the agent's session (ADR-0083, ADR-0084), and whether signaltty wired its process's hooks, which a
 * program kept running through a restart in place still has (ADR 0810, 1023). Restores after the pane snapshot (only panes that came
 * back) and before the socket opens; saves last, after the socket has closed.
 */
@Component
class AgentSnapshots extends SnapshotLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AgentSnapshots.class);
    static final String NAME = "agents";
    /** The cause of an agent's exit lost with a killed daemon and told by the next one (ADR 1140). */
    static final String DAEMON_LOST = "daemon_lost";

    /**
     * What survives a restart per agent pane: {@code agent} is null for a wired Codex that has not reported
     * yet; {@code hooksWired} is null in documents from before ADR 1023 (read as false), {@code hooksAwaitTrust}
     * in documents from before ADR 1112; {@code told}, the lifecycle its last {@code agent.*} event told, in documents
     * from before ADR 1140.
     */
    record Remembered(String paneId, @Nullable String agent, @Nullable String agentSessionId,
                      @Nullable Boolean hooksWired, @Nullable Boolean hooksAwaitTrust, @Nullable Lifecycle told) {

        Remembered withTold(@Nullable Lifecycle lifecycle) {
            return new Remembered(paneId, agent, agentSessionId, hooksWired, hooksAwaitTrust, lifecycle);
        }

        boolean wired() {
            return Boolean.TRUE.equals(hooksWired);
        }

        boolean awaitsTrust() {
            return Boolean.TRUE.equals(hooksAwaitTrust);
        }
    }

    /** {@code seq}: the journal position the document reflects (null in documents of older versions). */
    record Document(int version, @Nullable Long seq, List<Remembered> panes) {
    }

    private final StateTable states;
    private final AgentPanes panes;
    private final SnapshotStore snapshots;

    private final JournalTail journal;
    private final EventLog events;

    AgentSnapshots(StateTable states, AgentPanes panes, SnapshotStore snapshots, JournalTail journal, EventLog events) {
        // after PaneSnapshots (-200), before the socket (-100)
        super(NAME, snapshots, journal, Integer.MAX_VALUE - 150);
        this.states = states;
        this.panes = panes;
        this.snapshots = snapshots;
        this.journal = journal;
        this.events = events;
    }

    @Override
    protected Document capture() {
        return states.readAll(all -> new Document(1, journal.issuedThrough(), all.stream()
                    .filter(s -> !s.removed && (s.agent != null || s.hooksWired || s.hooksAwaitTrust
                            || s.toldLifecycle != null))
                    .sorted(Comparator.comparing(s -> s.paneId))
                    .map(s -> new Remembered(s.paneId, s.agent, s.resumableSession, s.hooksWired, s.hooksAwaitTrust,
                            s.toldLifecycle))
                    .toList()));
    }

    /**
     * A restored pane gets its agent and last session back; its process did not survive, so the
     * lifecycle is exited. The process instance is this run's, so every baseline from before the
     * restart reads IDENTITY_CHANGED. Nothing is journaled: the restart changed no state a client saw.
     */
    private void restore(Remembered remembered) {
        states.update(remembered.paneId(), s -> {
            s.agent = remembered.agent();
            s.resumableSession = remembered.agentSessionId();
            s.sessionId = remembered.agentSessionId();
            s.sessionGeneration = remembered.agentSessionId() == null ? 0 : 1;
            // a program kept running through a restart in place (ADR 0810) tells its state at its next report,
            // and its hooks are still the ones signaltty wired: its OSC 7501 and notifications stay theirs (ADR 1023)
            boolean keptRunning = panes.find(remembered.paneId()).map(AgentPanes.PaneRef::alive).orElse(false);
            s.lifecycle = keptRunning ? Lifecycle.UNKNOWN : Lifecycle.EXITED;
            s.hooksWired = keptRunning && remembered.wired();
            s.hooksAwaitTrust = keptRunning && remembered.awaitsTrust();
            s.toldLifecycle = remembered.told();
        });
    }

    /**
     * The pane's program ended with the previous daemon and its exit was told only now (ADR 1060): a client that
     * follows {@code agent.*} last heard its agent working (or idle, blocked, done), so its exit is told too, once,
     * with cause {@value #DAEMON_LOST} (ADR 1140). An agent whose exit was told already, or that never told a state,
     * has nothing to tell. No application event: decisions and tasks restore such panes their own way.
     */
    private void tellExitLostWithTheDaemon(AgentPanes.PaneRef pane) {
        states.update(pane.paneId(), s -> {
            boolean untold = s.exitUntold;
            s.exitUntold = false;
            Lifecycle told = s.toldLifecycle;
            if (!untold || told == null || told == Lifecycle.EXITED || told == Lifecycle.UNKNOWN) {
                return;
            }
            long seq = events.append(new AgentEvents.LifecycleChanged(AgentStates.subject(pane, s), Lifecycle.EXITED,
                    told, DAEMON_LOST));
            s.lifecycle = Lifecycle.EXITED;
            s.toldLifecycle = Lifecycle.EXITED;
            s.lifecycleSeq = seq;
            s.lifecycleOrigin = StateOrigin.of(DAEMON_LOST, seq);
            s.record(new Transition(told, Lifecycle.EXITED, seq, DAEMON_LOST));
        });
    }

    /**
     * The snapshot caught up with the journal (ADR 0130): every agent event (and, in journals from
     * before ADR 0270, the agent's {@code pane.updated}) names the pane's agent and its current
     * session; a pane's integration in
     * {@code pane.created}/{@code pane.updated} names the agent launched before it reported, and whether
     * its hooks were wired (status {@code configured}).
     */
    private List<Remembered> caughtUp(Document document) {
        Map<String, Remembered> byPane = new LinkedHashMap<>();
        document.panes().forEach(r -> byPane.put(r.paneId(), r));
        journal.replayAfter(NAME, document.seq(), event -> event.startsWith("agent.") || event.startsWith("pane.")
                || event.startsWith("attention."), record -> {
            String event = record.event();
            tools.jackson.databind.JsonNode payload = record.payload();
            String paneId = payload.path("pane_id").asString();
            if (event.equals("pane.closed")) {
                byPane.remove(paneId);
                return;
            }
            Remembered before = byPane.get(paneId);
            // an agent.* event tells a lifecycle, with or without a known agent (a state reported over OSC 7501)
            Lifecycle told = event.startsWith("agent.") && payload.path("lifecycle").isString()
                    ? Lifecycle.valueOf(payload.path("lifecycle").asString().toUpperCase(java.util.Locale.ROOT))
                    : before == null ? null : before.told();
            tools.jackson.databind.JsonNode integration = payload.path("integration");
            String agent = payload.path("agent").isString() ? payload.path("agent").asString()
                    : integration.path("agent").isString() ? integration.path("agent").asString() : null;
            if (agent == null) {
                if (told != null) {
                    byPane.put(paneId, before != null ? before.withTold(told)
                            : new Remembered(paneId, null, null, null, null, told));
                }
                return;
            }
            String session = payload.path("agent_session_id").isString() ? payload.path("agent_session_id").asString()
                    : before == null ? null : before.agentSessionId();
            boolean configured = integration.isObject() && "configured".equals(integration.path("status").asString(""));
            // a configured launch with a notice is Codex's hooks waiting for review (ADR 1112): wired once one is heard,
            // which the restored process shows again with its next hook
            boolean awaits = integration.isObject() ? configured && integration.path("notice").isString()
                    : before != null && before.awaitsTrust(); // an agent.* event: the launch's integration holds
            boolean wired = integration.isObject() ? configured && !awaits : before != null && before.wired();
            byPane.put(paneId, new Remembered(paneId, agent, session, wired, awaits, told));
        });
        return List.copyOf(byPane.values());
    }

    @Override
    protected void restoreAtStart() {
        Document document = snapshots.load(NAME, Document.class).orElse(new Document(1, null, List.of()));
        int restored = 0;
        for (Remembered remembered : caughtUp(document)) {
            AgentPanes.PaneRef pane = panes.find(remembered.paneId()).orElse(null);
            if (pane != null) {
                restore(remembered);
                tellExitLostWithTheDaemon(pane);
                restored++;
            }
        }
        log.info("restored the agent and session of {} panes", restored);
    }
}
