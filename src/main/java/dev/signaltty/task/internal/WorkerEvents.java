package dev.signaltty.task.internal;

import java.util.Map;

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
                    Map<String, Object> evidence = new java.util.LinkedHashMap<>();
                    evidence.put("stage", "follow_up");
                    evidence.put("reason", "decision_required");
                    if (!AgentEventSignals.PENDING.equals(decision)) {
                        evidence.put("decision_id", decision);
                    }
                    t.evidence = evidence;
                } else {
                    t.state = TaskState.WORKING;
                    t.evidence = Map.of("resumed_from", String.valueOf(t.evidence.get("reason")),
                            "resumed_by", "follow_up_submit");
                }
            });
        });
    }

    /**
     * A task parked by an unconfirmed submit resumes when its worker turns working (seed R39). One parked
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
        store.byPane(event.paneId()).ifPresent(task -> store.updateIf(task.id,
                t -> t.state == TaskState.INPUT_REQUIRED && RESUMED_BY_WORK.contains(String.valueOf(t.evidence.get("reason"))),
                t -> {
                    t.state = TaskState.WORKING;
                    t.evidence = Map.of("resumed_from", String.valueOf(t.evidence.get("reason")),
                            "resumed_by_seq", event.seq());
                }));
    }

    /** Parks that the worker's own next turn resumes: it is at work again without anyone answering anything. */
    static final String TURN_ENDED = "turn_ended_without_report";

    static final java.util.Set<String> RESUMED_BY_WORK = java.util.Set.of("submit_unconfirmed", TURN_ENDED);

    /**
     * The worker's turn ended and it did not report: the task waits for a person (seed L83: turn-end drops
     * park the task in input_required), with the turn end as evidence, so {@code task.wait} (settled) returns.
     */
    static void turnEnded(Task t, long seq, String cause) {
        t.state = TaskState.INPUT_REQUIRED;
        Map<String, Object> evidence = new java.util.LinkedHashMap<>();
        evidence.put("stage", "turn_end");
        evidence.put("reason", TURN_ENDED);
        evidence.put("lifecycle_seq", seq);
        evidence.put("cause", cause);
        t.evidence = evidence;
    }

    /**
     * An explicit answer to the worker's decision resumes a task parked by that decision (seed R327);
     * clearing it unanswered (timeout, disconnect, turn end) does not (R329).
     */
    @EventListener
    void on(DecisionAnswered event) {
        store.byPane(event.paneId()).ifPresent(task -> store.updateIf(task.id,
                t -> t.state == TaskState.INPUT_REQUIRED && "decision_required".equals(t.evidence.get("reason")),
                t -> {
                    t.state = TaskState.WORKING;
                    t.evidence = Map.of("resumed_from", "decision_required", "decision_id", event.decisionId(),
                            "option_id", event.optionId());
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
                    t.evidence = Map.of("stage", "worker_exited", "exit_code", event.exitCode(),
                            "previous_state", t.state.wire());
                    t.state = TaskState.FAILED;
                }));
    }
}
