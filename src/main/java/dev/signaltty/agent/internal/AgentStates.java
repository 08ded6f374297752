package dev.signaltty.agent.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.agent.AgentStateChanged;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.agent.PaneAgents;
import dev.signaltty.agent.PaneProcessListener;
import dev.signaltty.workspace.TurnStarting;
import dev.signaltty.agent.AgentPanes;

/**
 * The agent-state store: per pane a lifecycle axis and an attention axis, each with its own transition
 * seq (the journal seq of the event that recorded the move). Transitions are journaled while the lock
 * is held, so seq order is state order; application events ({@link AgentStateChanged},
 * {@link TurnStarting}) are published after the lock is released, so listeners (decisions, git
 * baselines) never run inside it.
 */
@Component
public class AgentStates implements PaneAgents, PaneProcessListener {

    private final StateTable table;
    private final EventLog events;
    private final ApplicationEventPublisher publisher;
    private final AgentPanes panes;

    AgentStates(StateTable table, EventLog events, ApplicationEventPublisher publisher, AgentPanes panes) {
        this.table = table;
        this.events = events;
        this.publisher = publisher;
        this.panes = panes;
    }

    @Override
    public AgentView view(String paneId) {
        return read(paneId, s -> new AgentView(s.lifecycle, s.attention, s.agent, s.sessionId, baseline(s)));
    }

    static WaitBaseline baseline(AgentState s) {
        return new WaitBaseline(s.paneId, s.processInstance, s.sessionId, s.sessionGeneration, s.lifecycleSeq,
                s.attentionSeq);
    }

    /** Marks a pane as running a known agent (set by the launch integration). */
    public void launched(String paneId, String agent) {
        table.update(paneId, s -> s.agent = agent);
    }

    /** The launch integration wired this process's hooks: its OSC 7501 state moves nothing (ADR 0961). */
    public void hooksWired(String paneId) {
        table.update(paneId, s -> s.hooksWired = true);
    }

    /**
     * The launch integration configured hooks that the agent runs only once the person trusts them: they are
     * wired from the first native hook the process reports, not before (ADR 1112).
     */
    public void hooksAwaitTrust(String paneId) {
        table.update(paneId, s -> s.hooksAwaitTrust = true);
    }

    @Override
    public void restoredWithoutProcess(String paneId) {
        table.update(paneId, s -> {
            s.lifecycle = Lifecycle.EXITED;
            s.lifecycleOrigin = new StateOrigin("restart", "restored_without_process", null, null, null, null, Instant.now(), 0);
        });
    }

    @Override
    public void exitToldLate(String paneId) {
        table.update(paneId, s -> s.exitUntold = true);
    }

    @Override
    public void keptRunning(String paneId) {
        table.update(paneId, s -> {
            s.lifecycle = keptLifecycle(s.toldLifecycle);
            s.lifecycleOrigin = new StateOrigin("restart", "kept_running", null, null, null, null, Instant.now(), 0);
        });
    }

    /**
     * The lifecycle of an agent whose program was kept running through a restart in place, from the last state
     * clients were told (ADR 1192). An agent that was waiting for a prompt ({@code idle}, {@code done}) still waits:
     * it starts nothing by itself, and a prompt typed during the restart is a report of its own. So it keeps that
     * state, and {@code pane.submit} is not refused {@code AGENT_NOT_READY} until a report that an idle agent
     * never sends. Any other state may have moved while no daemon listened (a turn ended, a permission was answered
     * on the screen): {@code unknown} until its next report.
     */
    static Lifecycle keptLifecycle(@Nullable Lifecycle told) {
        return told == Lifecycle.IDLE || told == Lifecycle.DONE ? told : Lifecycle.UNKNOWN;
    }

    /** A resume replaced the pane's process: every older baseline now reads IDENTITY_CHANGED. */
    public void processReplaced(String paneId) {
        AgentPanes.PaneRef pane = panes.find(paneId).orElse(null);
        mutate(pane, s -> {
            s.processNumber++;
            s.processInstance = table.runId() + "." + s.processNumber;
            s.sessionId = null;
            s.sessionGeneration = 0;
            s.pastSessions.clear();
            // the new process has reported nothing yet; no agent.* event names "unknown"
            s.lifecycle = Lifecycle.UNKNOWN;
            s.hookReported = false; // a new process: screen rules may apply until its first hook
            s.nativeHookReported = false;
            s.hooksWired = false; // until the relaunch's integration wires them again (prepareResume)
            s.hooksAwaitTrust = false;
            s.hooksReporting = false;
            s.promptId = null;
            // no event of its own: the resume's pane.updated announces the new process (ADR 0270)
            s.lifecycleOrigin = new StateOrigin("resume", "process_replaced", null, null, null, null, Instant.now(),
                    s.lifecycleSeq);
            return List.<Runnable>of();
        });
    }

    /** The session pane.resume should resume: the last one any process of this pane reported. */
    public @Nullable String resumableSession(String paneId) {
        return read(paneId, s -> s.resumableSession);
    }

    @Override
    public boolean notReady(String paneId) {
        return read(paneId, s -> s.agent != null && s.lifecycle == Lifecycle.UNKNOWN);
    }

    @Override
    public boolean hasAgent(String paneId) {
        return read(paneId, s -> s.agent != null);
    }

    @Override
    public boolean permissionRequired(String paneId) {
        return read(paneId, s -> s.attention == Attention.PERMISSION_REQUIRED || s.lifecycle == Lifecycle.BLOCKED);
    }

    @Override
    public @Nullable String question(String paneId) {
        return read(paneId, s -> s.attention.required() ? s.lastNotification : null);
    }

    @Override
    public long lifecycleSeq(String paneId) {
        return read(paneId, s -> s.lifecycleSeq);
    }

    @Override
    public boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException {
        return table.await(paneId, deadlineNanos, s -> {
            for (Transition t : s.history) {
                if (t.seq() > afterSeq && t.to() instanceof Lifecycle to && to.inTurn()) {
                    return Boolean.TRUE;
                }
            }
            return deadlineNanos - System.nanoTime() <= 0 || s.removed ? Boolean.FALSE : null;
        });
    }

    /**
     * Applies a change to one or both axes (null leaves an axis alone); a state equal to the current
     * one creates no transition. Returns what moved.
     */
    public List<Transition> apply(AgentPanes.PaneRef pane, @Nullable Lifecycle lifecycle, @Nullable Attention attention,
                                  String cause) {
        List<Transition> moved = new ArrayList<>();
        mutate(pane, s -> {
            long before = Math.max(s.lifecycleSeq, s.attentionSeq);
            List<Runnable> after = transition(pane, s, lifecycle, attention, cause);
            movedSince(s, before, moved);
            return after;
        });
        return moved;
    }

    /** Adds the transitions recorded after seq {@code before} (what one change moved). */
    private static void movedSince(AgentState s, long before, List<Transition> moved) {
        s.history.forEach(t -> {
            if (t.seq() > before) {
                moved.add(t);
            }
        });
    }

    /** Runs a hook-level update (session discovery + mapping) atomically against the current state. */
    List<Transition> applyHook(AgentPanes.PaneRef pane, String agent, HookMapping.Report report) {
        List<Transition> moved = new ArrayList<>();
        mutate(pane, s -> {
            if (s.agent == null) {
                s.agent = agent;
            }
            s.hookReported = true;
            if (HookMapping.NOTIFY.equals(report.event())) {
                if (s.nativeHookReported) {
                    return List.of(); // the fallback is not needed: the process's own hooks report its turns
                }
            } else {
                s.nativeHookReported = true;
                // a session's hooks report until it ends: the agent quit back to its shell (ADR 1114)
                s.hooksReporting = !("SessionEnd".equals(report.event()) && !report.fromSubagent());
                if (s.hooksAwaitTrust) { // the person trusted them: from now on they report for this process
                    s.hooksWired = true;
                    s.hooksAwaitTrust = false;
            s.hooksReporting = false;
                }
            }
            if (!session(s, report.sessionId(), report.sessionStart())) {
                return List.of(); // a late report from a session this pane has left: stale, ignored
            }
            HookMapping.@Nullable Effect codex = CodexCompaction.effect(agent, report, s.lifecycle, s.promptId);
            HookMapping.Effect effect = codex != null ? codex : HookMapping.effect(report, s.lifecycle, s.attention);
            if ("UserPromptSubmit".equals(report.event()) && !report.fromSubagent()
                    || CodexCompaction.started(agent, report, effect)) {
                // in the same step as the move: an older turn's marker cannot end this one, nor a subagent's turn
                // (a Codex child's turn_id) take the place of the turn it runs in
                s.promptId = report.promptId();
            }
            if (report.message() != null && ("Notification".equals(report.event()) || "StopFailure".equals(report.event()))
                    && (s.attention != Attention.NONE || effect.attention() != null && effect.attention() != Attention.NONE)) {
                // the message first, so whoever sees the transition also sees what it was about; a report that raises
                // no attention has none to say it with, and a later turn's end must not show it (ADR 1022)
                s.lastNotification = report.message();
            }
            long before = Math.max(s.lifecycleSeq, s.attentionSeq);
            List<Runnable> after = transition(pane, s, effect.lifecycle(), effect.attention(), effect.cause());
            movedSince(s, before, moved);
            boolean statusEnded = s.lifecycleOrigin != null
                    && TranscriptInterrupts.STATUS_FILE.equals(s.lifecycleOrigin.source());
            if ((s.lifecycleSeq > before || statusEnded && HookMapping.TURN_END.equals(effect.cause()))
                    && s.lifecycleOrigin != null) {
                // a turn-end hook that Claude's status file beat (ADR 0320) still explains the turn's end
                s.lifecycleOrigin = s.lifecycleOrigin.withHook(report.event(), report.notificationType());
            }
            if (s.attentionSeq > before && s.attentionOrigin != null) {
                s.attentionOrigin = s.attentionOrigin.withHook(report.event(), report.notificationType());
            }
            return after;
        });
        return moved;
    }

    /**
     * Applies a screen rule's report (ADR 0210), unless this process has reported a hook of its own: hooks are
     * authoritative for the process's whole life, so a scan never overwrites a hook-set state. Codex's notify
     * (its turn ends only, which runs also when its hooks do not) leaves the screen in charge of the rest
     * (ADR 1112). The check and the move are one step under the lock, so a hook arriving during a scan wins.
     */
    public ScreenOutcome applyScreen(AgentPanes.PaneRef pane, ScreenReport report) {
        ScreenOutcome[] outcome = {ScreenOutcome.UNCHANGED};
        mutate(pane, s -> {
            if (s.nativeHookReported) {
                outcome[0] = ScreenOutcome.HOOKS_AUTHORITATIVE;
                return List.of();
            }
            if (s.lifecycle == Lifecycle.EXITED) {
                outcome[0] = ScreenOutcome.EXITED;
                return List.of();
            }
            HookMapping.Effect effect = ScreenMapping.effect(report, ScreenMapping.movingFrom(s), s.attention,
                    ScreenMapping.blockedOutsideTurn(s));
            if (report.attention() != null && report.attention().required() && effect.attention() == report.attention()
                    && (s.attention != report.attention() || s.lifecycle != effect.lifecycle())) {
                // a rule that names the question it shows says it with its text, as a hook's Notification would (ADR 1141);
                // also when the attention was already that one but the lifecycle moves: a kept pane's attention restored
                // after a restart had no text, and its question read empty in attention.pending (ADR 1422)
                s.lastNotification = ScreenMapping.message(report.matched());
            }
            long before = Math.max(s.lifecycleSeq, s.attentionSeq);
            List<Runnable> after = transition(pane, s, effect.lifecycle(), effect.attention(), effect.cause());
            if (s.lifecycleSeq > before && s.lifecycleOrigin != null) {
                s.lifecycleOrigin = s.lifecycleOrigin.withScreen(report);
                outcome[0] = ScreenOutcome.APPLIED;
            }
            if (s.attentionSeq > before && s.attentionOrigin != null) {
                s.attentionOrigin = s.attentionOrigin.withScreen(report);
                outcome[0] = ScreenOutcome.APPLIED;
            }
            return after;
        });
        return outcome[0];
    }

    /**
     * False until the agents snapshot is restored at start: a kept pane's screen watch starts when its program is
     * adopted, before that restore, which would overwrite a verdict applied earlier (ADR 1311).
     */
    public boolean restored() {
        return table.isRestored();
    }

    /** A pane's current state and what set it, for {@code agent.explain}. */
    public record Explanation(Lifecycle lifecycle, Attention attention, @Nullable String agent, boolean hookReported,
                              @Nullable StateOrigin lifecycleOrigin, @Nullable StateOrigin attentionOrigin,
                              @Nullable ReportedState reportedState, @Nullable HeardNotification heardNotification) {
    }

    public Explanation explain(String paneId) {
        return read(paneId, s -> new Explanation(s.lifecycle, s.attention, s.agent, s.hookReported, s.lifecycleOrigin,
                s.attentionOrigin, s.reportedState, s.heardNotification));
    }

    /** First discovery is generation 1; any later change of id (even back to an old one) is a new generation. */
    private static boolean session(AgentState s, @Nullable String sessionId, boolean sessionStart) {
        if (sessionId == null || sessionId.equals(s.sessionId)) {
            return true;
        }
        if (!sessionStart && s.pastSessions.contains(sessionId)) {
            return false;
        }
        if (s.sessionId != null) {
            s.pastSessions.add(s.sessionId);
        }
        s.sessionId = sessionId;
        s.resumableSession = sessionId;
        s.sessionGeneration++;
        return true;
    }

    @Override
    public void clearAttention(String paneId, String cause) {
        panes.find(paneId).ifPresent(pane -> apply(pane, null, Attention.NONE, cause));
    }

    @Override
    public void exited(String paneId, String workspaceId) {
        AgentPanes.PaneRef pane = new AgentPanes.PaneRef(paneId, workspaceId,
                panes.find(paneId).map(AgentPanes.PaneRef::taskId).orElse(null), false);
        mutate(pane, s -> {
            // exit drops required attention to unread, and keeps the process identity (until:exited)
            return transition(pane, s, Lifecycle.EXITED, s.attention.required() ? Attention.UNREAD : null, "exit");
        });
    }

    @Override
    public void closed(String paneId) {
        table.remove(paneId);
    }

    /**
     * Journals the moves, records them and returns the publications to run after the lock; called only
     * from inside {@link #mutate} (here, mark_seen's and an interrupt's moves).
     */
    List<Runnable> transition(AgentPanes.PaneRef pane, AgentState s, @Nullable Lifecycle lifecycle,
                                      @Nullable Attention attention, String cause) {
        List<Runnable> after = new ArrayList<>();
        if (lifecycle != null && lifecycle != s.lifecycle) {
            Lifecycle from = s.lifecycle;
            s.lifecycle = lifecycle;
            long seq = events.append(new AgentEvents.LifecycleChanged(subject(pane, s), lifecycle, from, cause));
            s.toldLifecycle = lifecycle;
            s.lifecycleSeq = seq;
            s.lifecycleOrigin = StateOrigin.of(cause, seq);
            s.record(new Transition(from, lifecycle, seq, cause));
            after.add(() -> publisher.publishEvent(new AgentStateChanged(pane.paneId(), pane.workspaceId(),
                    pane.taskId(), from, lifecycle, seq, cause)));
            if (lifecycle == Lifecycle.WORKING && from != Lifecycle.BLOCKED) {
                Instant startedAt = Instant.now();
                after.add(() -> publisher.publishEvent(new TurnStarting(pane.workspaceId(), pane.paneId(), startedAt, pane.taskId())));
            }
        }
        if (attention != null && attention != s.attention) {
            Attention from = s.attention;
            s.attention = attention;
            if (attention == Attention.NONE) {
                // it said what the attention now over was about: a later wait says its own or nothing (ADRs 1000, 1022)
                s.lastNotification = null;
            }
            s.attentionSince = Instant.now();
            s.lastAttentionCause = cause;
            long seq = events.append(new AgentEvents.AttentionChanged(subject(pane, s), attention, from, cause,
                    s.lastNotification));
            s.attentionSeq = seq;
            s.attentionOrigin = StateOrigin.of(cause, seq);
            s.record(new Transition(from, attention, seq, cause));
            after.add(() -> publisher.publishEvent(new AgentStateChanged(pane.paneId(), pane.workspaceId(),
                    pane.taskId(), from, attention, seq, cause)));
        }
        return after;
    }

    /** Who an answer or payload is about: the pane, its workspace and task, the agent in it when known. */
    public record Subject(String paneId, String workspaceId, @Nullable String taskId, @Nullable String agent,
                          @Nullable String agentSessionId) {
    }

    static Subject subject(AgentPanes.PaneRef pane, AgentState s) {
        return new Subject(pane.paneId(), pane.workspaceId(), pane.taskId(), s.agent, s.sessionId);
    }

    /** Runs a change under the table's lock, wakes waiters, then publishes outside the lock. */
    void mutate(AgentPanes.@Nullable PaneRef pane, Function<AgentState, List<Runnable>> change) {
        if (pane != null) {
            table.mutate(pane.paneId(), change);
        }
    }

    <T> T read(String paneId, Function<AgentState, T> reader) {
        return table.read(paneId, reader);
    }

    /** How many callers wait on agent state right now (diagnostics; a cancelled wait leaves at once). */
    public int activeWaiters() {
        return table.activeWaiters();
    }
}
