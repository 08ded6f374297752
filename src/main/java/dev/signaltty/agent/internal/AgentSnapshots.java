package dev.signaltty.agent.internal;

import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.journal.EventLog;
import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotLifecycle;
import dev.signaltty.journal.SnapshotStore;

/**
 * Persists each agent pane's agent name and last session id, so pane.resume after a restart resumes
 * the agent's session (ADR-0083, ADR-0084), and whether signaltty wired its process's hooks, which a
 * program kept running through a restart in place still has (ADR 0810, 1023), and what the pane needs from the
 * person (its attention, ADR 1231). Restores after the pane snapshot (only panes that came back) and before the
 * socket opens; saves last, after the socket has closed.
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
     * from before ADR 1140; {@code attention}, null while none, in documents from before ADR 1231.
     */
    record Remembered(String paneId, @Nullable String agent, @Nullable String agentSessionId,
                      @Nullable Boolean hooksWired, @Nullable Boolean hooksAwaitTrust, @Nullable Lifecycle told,
                      @Nullable RememberedAttention attention) {

        Remembered withTold(@Nullable Lifecycle lifecycle) {
            return new Remembered(paneId, agent, agentSessionId, hooksWired, hooksAwaitTrust, lifecycle, attention);
        }

        Remembered withAttention(@Nullable RememberedAttention now) {
            return new Remembered(paneId, agent, agentSessionId, hooksWired, hooksAwaitTrust, told, now);
        }

        boolean wired() {
            return Boolean.TRUE.equals(hooksWired);
        }

        boolean awaitsTrust() {
            return Boolean.TRUE.equals(hooksAwaitTrust);
        }
    }

    /**
     * A pane's attention other than none, as its last {@code attention.changed} told it: the state, the message
     * (attention.pending's), since when, its cause and that event's seq.
     */
    record RememberedAttention(Attention state, @Nullable String message, Instant since, String cause, long seq) {
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
                            || s.toldLifecycle != null || s.attention != Attention.NONE))
                    .sorted(Comparator.comparing(s -> s.paneId))
                    .map(s -> new Remembered(s.paneId, s.agent, s.resumableSession, s.hooksWired, s.hooksAwaitTrust,
                            s.toldLifecycle, s.attention == Attention.NONE ? null : new RememberedAttention(s.attention,
                                    s.lastNotification, s.attentionSince, s.lastAttentionCause, s.attentionSeq)))
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
            // a program kept running through a restart in place (ADR 0810) still waits for a prompt if it did, and
            // tells any other state at its next report (ADR 1192); its hooks are still the ones signaltty wired:
            // its OSC 7501 and notifications stay theirs (ADR 1023)
            boolean keptRunning = panes.find(remembered.paneId()).map(AgentPanes.PaneRef::alive).orElse(false);
            s.lifecycle = keptRunning ? AgentStates.keptLifecycle(remembered.told()) : Lifecycle.EXITED;
            s.hooksWired = keptRunning && remembered.wired();
            s.hooksAwaitTrust = keptRunning && remembered.awaitsTrust();
            s.toldLifecycle = remembered.told();
            restoreAttention(s, remembered.attention(), keptRunning);
        });
    }

    /**
     * What the pane needed from the person still needs them after a restart (ADR 1231): an unread notification or
     * turn end was not seen, and a program kept running still asks its question ({@code input_required}). A kept
     * program's permission is not kept: its decision comes back cancelled (DecisionSnapshots) and the agent asks on
     * its screen, which its screen rules read again. No event: the attention a client followed did not change. The
     * question of a program that ended with the previous daemon becomes {@code unread} when its exit is told
     * ({@link #tellExitLostWithTheDaemon}), as at any exit.
     */
    private static void restoreAttention(AgentState s, @Nullable RememberedAttention attention, boolean keptRunning) {
        if (attention == null || (keptRunning && attention.state() == Attention.PERMISSION_REQUIRED)) {
            return;
        }
        s.attention = attention.state();
        s.lastNotification = attention.message();
        s.attentionSince = attention.since();
        s.lastAttentionCause = attention.cause();
        s.attentionSeq = attention.seq();
        s.attentionOrigin = new StateOrigin("restart", attention.cause(), null, null, null, null, attention.since(),
                attention.seq());
    }

    /**
     * The pane's program ended with the previous daemon and its exit was told only now (ADR 1060): a client that
     * follows {@code agent.*} last heard its agent working (or idle, blocked, done), so its exit is told too, once,
     * with cause {@value #DAEMON_LOST} (ADR 1140). An agent whose exit was told already, or that never told a state,
     * has nothing to tell. A question it still asked ({@code input_required}, {@code permission_required}) drops to
     * {@code unread}, told with the same cause, as an exit drops it (ADR 1231). No application event: decisions and
     * tasks restore such panes their own way.
     */
    private void tellExitLostWithTheDaemon(AgentPanes.PaneRef pane) {
        states.update(pane.paneId(), s -> {
            boolean untold = s.exitUntold;
            s.exitUntold = false;
            if (untold && s.attention.required()) {
                Attention from = s.attention;
                long seq = events.append(new AgentEvents.AttentionChanged(AgentStates.subject(pane, s), Attention.UNREAD,
                        from, DAEMON_LOST, s.lastNotification));
                s.attention = Attention.UNREAD;
                s.attentionSince = Instant.now();
                s.lastAttentionCause = DAEMON_LOST;
                s.attentionSeq = seq;
                s.attentionOrigin = StateOrigin.of(DAEMON_LOST, seq);
                s.record(new Transition(from, Attention.UNREAD, seq, DAEMON_LOST));
            }
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
            RememberedAttention attention = event.startsWith("attention.") ? attention(record)
                    : before == null ? null : before.attention();
            // an agent.* event tells a lifecycle, with or without a known agent (a state reported over OSC 7501)
            Lifecycle told = event.startsWith("agent.") && payload.path("lifecycle").isString()
                    ? Lifecycle.valueOf(payload.path("lifecycle").asString().toUpperCase(java.util.Locale.ROOT))
                    : before == null ? null : before.told();
            tools.jackson.databind.JsonNode integration = payload.path("integration");
            String agent = payload.path("agent").isString() ? payload.path("agent").asString()
                    : integration.path("agent").isString() ? integration.path("agent").asString() : null;
            if (agent == null) {
                if (before != null) {
                    byPane.put(paneId, before.withTold(told).withAttention(attention));
                } else if (told != null || attention != null) {
                    byPane.put(paneId, new Remembered(paneId, null, null, null, null, told, attention));
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
            byPane.put(paneId, new Remembered(paneId, agent, session, wired, awaits, told, attention));
        });
        return List.copyOf(byPane.values());
    }

    /** The attention an {@code attention.changed} tells (null for {@code attention.cleared}). */
    private static @Nullable RememberedAttention attention(JournalTail.Event record) {
        tools.jackson.databind.JsonNode payload = record.payload();
        Attention state = Attention.valueOf(payload.path("attention").asString("none").toUpperCase(java.util.Locale.ROOT));
        if (state == Attention.NONE) {
            return null;
        }
        String message = payload.path("message").isString() ? payload.path("message").asString() : null;
        return new RememberedAttention(state, message, record.at(), payload.path("cause").asString(""), record.seq());
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
        states.restored(); // the screen watches of kept panes may apply their verdicts now
    }
}
