package dev.signaltty.agent.internal;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;

/**
 * One pane's agent state. Mutated only under {@link AgentStates}' lock. The history keeps the last
 * {@link #HISTORY_CAP} transitions of both axes so that a wait with a baseline can still match work
 * that finished (and moved on) before the wait arrived; older ones are dropped first.
 */
final class AgentState {

    static final int HISTORY_CAP = 256;

    final String paneId;
    String processInstance;
    int processNumber = 1;
    @Nullable String agent;
    Lifecycle lifecycle = Lifecycle.UNKNOWN;
    Attention attention = Attention.NONE;
    long lifecycleSeq;
    long attentionSeq;
    String lastAttentionCause = "";
    @Nullable String sessionId;
    long sessionGeneration;
    /**
     * The last session id any process of this pane reported: unlike {@link #sessionId} it survives a
     * process replacement and a restart, because it is what pane.resume resumes (ADR-0083).
     */
    @Nullable String resumableSession;
    /** Every session id this process has had, so a late report from an old session reads as stale. */
    final Set<String> pastSessions = new LinkedHashSet<>();
    Instant attentionSince = Instant.now();
    /**
     * The text of what raised the attention (a notification, a hook's message), shown by attention.pending;
     * dropped when the attention returns to none, so a later raise never shows it again (ADR 1022).
     */
    @Nullable String lastNotification;
    boolean removed;
    /**
     * True once this process reported any hook: from then on screen rules never move its state
     * (hooks are authoritative; ADR 0210). A replaced process starts false again.
     */
    boolean hookReported;
    /**
     * True once this process reported a hook of its own (not Codex's {@code notify}): from then on a
     * notify changes nothing. Codex 0.171 runs a side thread per new conversation (its task title) that
     * sends {@code agent-turn-complete} under another thread id while the real turn still runs; read
     * as a turn end it marked the pane done early and moved it to that thread. Stop already ends turns.
     */
    boolean nativeHookReported;
    /**
     * True when signaltty wired this process's hooks at its launch: Codex's OSC 7501 state then moves
     * nothing, so it cannot race the hooks of the first prompt (ADR 0961), and its bells and OSC
     * notifications make no notification, the hooks having reported that moment (ADR 1020). A replaced
     * process starts false. Hooks that wait for the person's trust (Codex's review) are wired only once
     * one is heard ({@link #hooksAwaitTrust}, ADR 1112).
     */
    boolean hooksWired;
    /**
     * signaltty configured this process's hooks but the agent runs them only once the person trusts them: the
     * first native hook makes them {@link #hooksWired}; until then the terminal's signals count (ADR 1112).
     */
    boolean hooksAwaitTrust;
    /**
     * A session of this process reports native hooks and has not ended (no SessionEnd since): an agent the person
     * started from a shell with their own hooks, whose terminal notifications are then no second notification
     * either (ADR 1114). Unlike {@link #hooksWired} it ends with the session, as the shell outlives the agent.
     */
    boolean hooksReporting;
    /**
     * The lifecycle the pane's last journaled {@code agent.*} event told, kept across restarts by the agents
     * snapshot: what a client following the events believes (null before any). A restart without the process
     * moves {@link #lifecycle} to exited silently; this still says what was last told (ADR 1140).
     */
    @Nullable Lifecycle toldLifecycle;
    /**
     * The previous daemon ended while this pane's program ran, and the pane's exit is told only now (ADR 1060):
     * its agent's exit is told at the agent restore, once (ADR 1140).
     */
    boolean exitUntold;
    /** Codex's last OSC 7501 state and its outcome ({@code agent.explain}); null before the first. */
    @Nullable ReportedState reportedState;
    /** The last bell or OSC notification the program sent and its outcome ({@code agent.explain}); null before one. */
    @Nullable HeardNotification heardNotification;
    /**
     * The {@code prompt_id} of the turn this process is in (its last UserPromptSubmit), when the agent
     * reports one: a transcript interrupt marker ends the turn only if it names this prompt (ADR 0290).
     */
    @Nullable String promptId;
    /** What set each axis's current state ({@code agent.explain}); null before the first move. */
    @Nullable StateOrigin lifecycleOrigin;
    @Nullable StateOrigin attentionOrigin;
    final Deque<Transition> history = new ArrayDeque<>();

    AgentState(String paneId, String runId) {
        this.paneId = paneId;
        this.processInstance = runId + "." + processNumber;
    }

    void record(Transition transition) {
        if (history.size() == HISTORY_CAP) {
            history.removeFirst();
        }
        history.addLast(transition);
    }

    List<Transition> historySnapshot() {
        return new ArrayList<>(history);
    }

    boolean hooksSeen() {
        return agent != null;
    }
}
