package dev.signaltty.task.internal;


import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.decision.DecisionAnswered;
import dev.signaltty.agent.AgentStateChanged;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.pane.PaneExited;
import dev.signaltty.pane.PaneSubmitted;

/** How a worker's own state moves its task after the first submit. */
@Component
class WorkerEvents {

    private final TaskStore store;
    private final WorkerSignals signals;

    WorkerEvents(TaskStore store, WorkerSignals signals) {
        this.store = store;
        this.signals = signals;
    }

    /**
     * An accepted follow-up submit to the worker moves its input_required task back to working (seed
     * R328) — unless a decision arrived after its Enter, which keeps input_required with the decision
     * as evidence (R58, follow-ups).
     */
    @EventListener
    void on(PaneSubmitted event) {
        store.byPane(event.paneId()).ifPresent(task -> {
            String decision = signals.pendingDecision(event.paneId());
            store.updateIf(task.id, t -> t.state == TaskState.INPUT_REQUIRED, t -> {
                if (decision != null) {
                    t.evidence = Evidence.parked(Evidence.Stage.FOLLOW_UP, Evidence.Reason.DECISION_REQUIRED, null,
                            AgentEventSignals.PENDING.equals(decision) ? null : decision);
                } else {
                    t.state = TaskState.WORKING;
                    t.evidence = Evidence.resumed(t.evidence.reason(), "follow_up_submit", null, null, null);
                }
            });
        });
    }

    /**
     * The activity gate's move (seed R36, ADR 1111): a pending task whose first submit has written its prompt goes
     * to working with the worker's first working transition after the gate's baseline. Made here, in the synchronous
     * listener, it happens before the worker's hook is answered, so the worker's own {@code task.report} cannot come
     * between, however late the gate's thread runs; that thread then finds the task moved and does nothing. A pending
     * decision leaves the move to the gate's thread, which parks the task on it (seed R58); so does a blocked
     * transition, whose decision is set only after it is published.
     *
     * <p>A task parked by an unconfirmed submit resumes when its worker turns working (seed R39). One parked
     * by a decision does not: only an answer or an accepted follow-up submit resumes it (seed R327, R328, R329).
     */
    @EventListener
    void on(AgentStateChanged event) {
        Lifecycle to = event.lifecycle();
        if (to == null) {
            return; // the attention moved
        }
        if (to == Lifecycle.DONE) {
            store.byPane(event.paneId()).ifPresent(task -> store.updateIf(task.id,
                    t -> t.state == TaskState.WORKING && !t.closingWorker, t -> turnEnded(t, event.seq(), event.cause())));
            return;
        }
        if (to != Lifecycle.WORKING) {
            return;
        }
        store.byPane(event.paneId()).ifPresent(task -> {
            if (signals.pendingDecision(event.paneId()) == null) {
                store.updateIf(task.id, t -> t.state == TaskState.PENDING && !t.closingWorker && t.gateAfterSeq >= 0
                        && event.seq() > t.gateAfterSeq, t -> {
                    t.state = TaskState.WORKING;
                    t.evidence = Evidence.NONE;
                });
            }
            store.updateIf(task.id,
                    t -> t.state == TaskState.INPUT_REQUIRED && RESUMED_BY_WORK.contains(t.evidence.reason()),
                    t -> {
                        t.state = TaskState.WORKING;
                        t.evidence = Evidence.resumed(t.evidence.reason(), null, event.seq(), null, null);
                    });
        });
    }

    /** Parks that the worker's own next turn resumes: it is at work again without anyone answering anything. */
    static final java.util.Set<Evidence.Reason> RESUMED_BY_WORK = java.util.EnumSet.of(
            Evidence.Reason.SUBMIT_UNCONFIRMED, Evidence.Reason.TURN_ENDED_WITHOUT_REPORT);

    /**
     * The worker's turn ended and it did not report: the task waits for a person (seed L83: turn-end drops
     * park the task in input_required), with the turn end as evidence, so {@code task.wait} (settled) returns.
     */
    static void turnEnded(Task t, long seq, String cause) {
        t.state = TaskState.INPUT_REQUIRED;
        t.evidence = Evidence.turnEnded(seq, cause);
    }

    /**
     * An explicit answer to the worker's decision resumes a task parked by that decision (seed R327);
     * clearing it unanswered (timeout, disconnect, turn end) does not (R329).
     */
    @EventListener
    void on(DecisionAnswered event) {
        store.byPane(event.paneId()).ifPresent(task -> store.updateIf(task.id,
                t -> t.state == TaskState.INPUT_REQUIRED && t.evidence.reason() == Evidence.Reason.DECISION_REQUIRED,
                t -> {
                    t.state = TaskState.WORKING;
                    t.evidence = Evidence.resumed(Evidence.Reason.DECISION_REQUIRED, null, null, event.decisionId(),
                            event.optionId());
                }));
    }

    /**
     * A worker that exits before its task ends fails the task, unless the task itself closed it. A
     * pending task is left to the first submit, which reports a gone pane as {@code submit_refused}.
     */
    @EventListener
    void on(PaneExited event) {
        store.byPane(event.paneId()).ifPresent(task -> store.updateIf(task.id,
                t -> !t.state.terminal() && t.state != TaskState.PENDING && !t.closingWorker,
                t -> {
                    t.evidence = Evidence.workerExited(event.exitCode(), t.state);
                    t.state = TaskState.FAILED;
                }));
    }
}
