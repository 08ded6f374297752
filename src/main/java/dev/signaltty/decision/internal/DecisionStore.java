package dev.signaltty.decision.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import dev.signaltty.decision.DecisionAnswered;
import dev.signaltty.decision.DecisionCleared;
import dev.signaltty.journal.EventLog;
import dev.signaltty.agent.AgentDecisions;
import dev.signaltty.agent.AgentStateChanged;
import dev.signaltty.pane.PaneClosed;
import dev.signaltty.pane.PaneExited;
import dev.signaltty.transport.Cancellation;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Ids;

/**
 * Decisions and their live answer routes. One read/write guard: decisions are set, answered and
 * cleared under the write side (events journaled there, so seq order is decision order); a submit's
 * recheck and its Enter write run under the read side. Lock order: this guard before the agent-state
 * lock, never the reverse. At most one decision per pane is pending; a newer request supersedes it in
 * one {@code decision.created} carrying {@code prev}. Resolved decisions are kept for
 * {@link #RETAINED} entries, then forgotten.
 */
@Component
class DecisionStore implements AgentDecisions {

    static final int RETAINED = 256;

    private final ReentrantReadWriteLock guard = new ReentrantReadWriteLock();
    private final Map<String, Decision> byId = new LinkedHashMap<>();
    private final Map<String, Decision> pendingByPane = new LinkedHashMap<>();
    private final Deque<String> resolved = new ArrayDeque<>();
    private final EventLog events;
    private final ApplicationEventPublisher publisher;

    DecisionStore(EventLog events, ApplicationEventPublisher publisher) {
        this.events = events;
        this.publisher = publisher;
    }

    @Override
    public PermissionOutcome awaitPermission(PermissionAsk ask, Runnable beforeCreate, Duration timeout,
                                             Cancellation cancellation) {
        Decision decision;
        guard.writeLock().lock();
        try {
            beforeCreate.run();
            Decision previous = pendingByPane.get(ask.paneId());
            decision = new Decision(Ids.next("dec"), ask, previous == null ? null : previous.id);
            if (previous != null) {
                // the supersede folds into the one decision.created below; the old hook gets null
                resolve(previous, "superseded", null);
                previous.route.complete(new PermissionOutcome(previous.id, null, "superseded"));
            }
            byId.put(decision.id, decision);
            pendingByPane.put(ask.paneId(), decision);
            events.append(new DecisionEvents.Created(ask.paneId(), ask.workspaceId(), ask.taskId(), decision.view(),
                    decision.prev));
        } finally {
            guard.writeLock().unlock();
        }
        cancellation.onCancel(() -> cancel(decision, cancellation.reason()));
        try {
            return decision.route.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            cancel(decision, "timeout");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel(decision, "shutdown");
        } catch (ExecutionException e) {
            cancel(decision, "internal");
        }
        return decision.route.join();
    }

    /** The reporter went away (timeout, EOF, superseding request, shutdown): native_cancelled, never Allow. */
    private void cancel(Decision decision, String why) {
        DecisionCleared cleared = null;
        guard.writeLock().lock();
        try {
            if (decision.pending()) {
                cleared = clear(decision, "native_cancelled");
            }
            decision.route.complete(new PermissionOutcome(decision.id, null, why));
        } finally {
            guard.writeLock().unlock();
        }
        if (cleared != null) {
            publisher.publishEvent(cleared);
        }
    }

    /** decision.answer: delivers the option to the waiting hook; decision.answered fires on delivery. */
    Decision.View answer(String decisionId, String optionId) {
        DecisionAnswered answered;
        Decision decision;
        guard.writeLock().lock();
        try {
            decision = find(decisionId);
            if (Decision.OPTIONS.stream().noneMatch(option -> option.optionId().equals(optionId))) {
                throw ProtocolException.badParams("option_id", "'" + optionId + "' is not one of allow_once, deny");
            }
            if (!decision.pending()) {
                throw new ProtocolException(ErrorCode.BAD_PARAMS, "decision " + decisionId + " is " + decision.status,
                        Map.of("field", "decision_id", "status", decision.status));
            }
            resolve(decision, null, optionId);
            events.append(new DecisionEvents.Answered(decision.ask.paneId(), decision.ask.workspaceId(),
                    decision.ask.taskId(), decision.id, optionId));
            // delivered after the journal has it: the woken hook moves the agent to working, and that
            // transition must not get a seq below decision.answered
            decision.route.complete(new PermissionOutcome(decision.id, optionId, null));
            answered = new DecisionAnswered(decision.id, decision.ask.paneId(), decision.ask.workspaceId(),
                    decision.ask.taskId(), optionId);
        } finally {
            guard.writeLock().unlock();
        }
        publisher.publishEvent(answered);
        return decision.view();
    }

    Decision.View get(String decisionId) {
        guard.readLock().lock();
        try {
            return find(decisionId).view();
        } finally {
            guard.readLock().unlock();
        }
    }

    List<Decision.View> list(@Nullable String paneId, @Nullable String status) {
        guard.readLock().lock();
        try {
            List<Decision.View> out = new ArrayList<>();
            for (Decision decision : byId.values()) {
                if ((paneId == null || paneId.equals(decision.ask.paneId()))
                        && (status == null || status.equals(decision.status))) {
                    out.add(decision.view());
                }
            }
            return out;
        } finally {
            guard.readLock().unlock();
        }
    }

    private Decision find(String decisionId) {
        Decision decision = byId.get(decisionId);
        if (decision == null) {
            throw new ProtocolException(ErrorCode.NO_SUCH_DECISION, "no decision " + decisionId,
                    Map.of("decision_id", decisionId));
        }
        return decision;
    }

    @Override
    public void exclusive(Runnable body) {
        guard.writeLock().lock();
        try {
            body.run();
        } finally {
            guard.writeLock().unlock();
        }
    }

    @Override
    public @Nullable String pendingDecision(String paneId) {
        guard.readLock().lock();
        try {
            Decision decision = pendingByPane.get(paneId);
            return decision == null ? null : decision.id;
        } finally {
            guard.readLock().unlock();
        }
    }

    @Override
    public boolean unlessPending(String paneId, BooleanSupplier extraBusy, Runnable write) {
        guard.readLock().lock();
        try {
            if (pendingByPane.containsKey(paneId) || extraBusy.getAsBoolean()) {
                return false;
            }
            write.run();
            return true;
        } finally {
            guard.readLock().unlock();
        }
    }

    /**
     * The clearing rules: leaving blocked is moved_on, a transition that clears required attention is
     * attention_cleared; turn end (Stop/SessionEnd) keeps the decision, and the agent's own move after
     * an answer has nothing left to clear.
     */
    @EventListener
    void on(AgentStateChanged change) {
        if (change.turnEnd()) {
            return;
        }
        String reason = change.leftBlocked() ? "moved_on" : change.clearedRequiredAttention() ? "attention_cleared" : null;
        if (reason != null) {
            clearPending(change.paneId(), reason);
        }
    }

    // Before the pane module's AgentProcessRelay (which runs last): the exit's agent transition leaves
    // blocked, and a decision still pending then would end as moved_on instead of pane_exited.
    @EventListener
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void on(PaneExited exited) {
        clearPending(exited.paneId(), "pane_exited");
    }

    @EventListener
    @Order(Ordered.HIGHEST_PRECEDENCE) // as for PaneExited
    void on(PaneClosed closed) {
        clearPending(closed.paneId(), "pane_exited");
    }

    private void clearPending(String paneId, String reason) {
        DecisionCleared cleared = null;
        guard.writeLock().lock();
        try {
            Decision decision = pendingByPane.get(paneId);
            if (decision != null) {
                cleared = clear(decision, reason);
                decision.route.complete(new PermissionOutcome(decision.id, null, reason));
            }
        } finally {
            guard.writeLock().unlock();
        }
        if (cleared != null) {
            publisher.publishEvent(cleared);
        }
    }

    /** How many decisions wait for an answer now (metrics). */
    int pendingCount() {
        guard.readLock().lock();
        try {
            return pendingByPane.size();
        } finally {
            guard.readLock().unlock();
        }
    }

    /** Every retained decision, oldest first (the snapshot). */
    /** Runs {@code body} under the read guard: a snapshot reads its journal position with the state (ADR 0130). */
    <T> T read(java.util.function.Supplier<T> body) {
        guard.readLock().lock();
        try {
            return body.get();
        } finally {
            guard.readLock().unlock();
        }
    }

    List<Decision.View> all() {
        return list(null, null);
    }

    /**
     * Decisions read back after a restart (ADR-0084). Resolved ones return as they were, so
     * decision.get still answers for them. A pending one cannot be answered any more: the hook that
     * waited for it died with the old daemon, so it is cleared as {@code native_cancelled} (journaled,
     * as any clear) and never delivered.
     */
    void restore(List<Decision.View> views) {
        List<DecisionCleared> cleared = new ArrayList<>();
        guard.writeLock().lock();
        try {
            for (Decision.View view : views) {
                if (byId.containsKey(view.decisionId())) {
                    continue;
                }
                Decision decision = Decision.restored(view);
                byId.put(decision.id, decision);
                if (decision.pending()) {
                    pendingByPane.put(decision.ask.paneId(), decision);
                    cleared.add(clear(decision, "native_cancelled"));
                    decision.route.complete(new PermissionOutcome(decision.id, null, "restart"));
                } else {
                    resolved.addLast(decision.id);
                }
            }
            while (resolved.size() > RETAINED) {
                byId.remove(resolved.removeFirst());
            }
        } finally {
            guard.writeLock().unlock();
        }
        cleared.forEach(publisher::publishEvent);
    }

    private DecisionCleared clear(Decision decision, String reason) {
        resolve(decision, reason, null);
        events.append(new DecisionEvents.Cleared(decision.ask.paneId(), decision.ask.workspaceId(),
                decision.ask.taskId(), decision.id, reason));
        return new DecisionCleared(decision.id, decision.ask.paneId(), decision.ask.workspaceId(),
                decision.ask.taskId(), reason);
    }

    private void resolve(Decision decision, @Nullable String reason, @Nullable String optionId) {
        decision.status = optionId != null ? "answered" : "superseded".equals(reason) ? "superseded" : "cleared";
        decision.reason = reason;
        decision.optionId = optionId;
        decision.resolvedAt = Instant.now();
        pendingByPane.remove(decision.ask.paneId(), decision);
        resolved.addLast(decision.id);
        while (resolved.size() > RETAINED) {
            byId.remove(resolved.removeFirst());
        }
    }
}
