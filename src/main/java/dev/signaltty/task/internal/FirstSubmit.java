package dev.signaltty.task.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.Lifecycle;
import dev.signaltty.pane.Panes;

/**
 * The background first submit of a task (seed R31, R32, R33, R34, R35, R36, R37, R38, R39, R54, R55, R56, R57, R58): wait for the worker to be ready, paste
 * the composed prompt, press Enter after {@code submit_delay_ms} unless a decision appeared, and run
 * the activity gate with one Enter retry halfway. It only ever moves a task out of {@code pending}: a
 * report, cancel or finish that got there first wins, and so does the gate's move to working, which
 * {@link WorkerEvents} makes as the worker's working transition is published (ADR 1111).
 */
@Component
class FirstSubmit {

    private static final Logger log = LoggerFactory.getLogger(FirstSubmit.class);
    static final Set<Lifecycle> READY = Set.of(Lifecycle.IDLE, Lifecycle.DONE);
    static final int SCREEN_TAIL_LINES = 20;

    private final TaskStore store;
    private final Panes panes;
    private final WorkerSignals signals;

    FirstSubmit(TaskStore store, Panes panes, WorkerSignals signals) {
        this.store = store;
        this.panes = panes;
        this.signals = signals;
    }

    void begin(String taskId) {
        Thread.ofVirtual().name("task-submit-" + taskId).start(() -> {
            try {
                run(taskId);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                log.warn("first submit of {} failed", taskId, e);
                fail(taskId, Evidence.submitRefused(Evidence.Reason.INTERNAL, e.toString(), null));
            }
        });
    }

    private void run(String taskId) throws InterruptedException {
        record Job(String paneId, String prompt, Task.Settings settings, String program) {
        }
        Job job = store.read(taskId, t -> new Job(t.paneId, Prompts.compose(t), t.settings, program(t)));
        String pane = job.paneId();
        long readyBy = System.nanoTime() + nanos(job.settings().readyTimeoutS());
        if (!signals.awaitLifecycle(pane, READY, readyBy)) {
            if (panes.find(pane).filter(Panes.PaneInfo::alive).isEmpty()) {
                fail(taskId, Evidence.submitRefused(Evidence.Reason.PANE_GONE, null, false));
            } else {
                // the pane is kept, as the worktree is (seed R29): what it shows is why it never got ready (ADR 1113)
                fail(taskId, Evidence.readyTimeout(signals.lifecycle(pane), panes.screenTail(pane, SCREEN_TAIL_LINES), pane,
                        job.program(), job.settings().readyTimeoutS()));
            }
            return;
        }
        // no event: the gate's baseline, by which WorkerEvents makes the gate's move (ADR 1111)
        long baseline = store.locked(() -> store.require(taskId).gateAfterSeq = signals.lifecycleSeq(pane));
        try {
            panes.write(pane, paste(pane, job.prompt()));
        } catch (IOException e) { // before the paste: the task fails (seed R33)
            fail(taskId, Evidence.submitRefused(Evidence.Reason.WRITE_FAILED, String.valueOf(e.getMessage()), false));
            return;
        }
        Thread.sleep(job.settings().submitDelayMs());
        if (!enter(taskId, pane, Evidence.Stage.DELAYED_ENTER)) {
            return;
        }
        long gate = nanos(job.settings().stallTimeoutS());
        long start = System.nanoTime();
        if (signals.awaitActivity(pane, baseline, start + gate / 2)) {
            confirm(taskId, pane);
            return;
        }
        if (!enter(taskId, pane, Evidence.Stage.ACTIVITY_GATE)) { // the one Enter retry, halfway (seed R37)
            return;
        }
        if (signals.awaitActivity(pane, baseline, start + gate)) {
            confirm(taskId, pane);
            return;
        }
        if (panes.find(pane).filter(Panes.PaneInfo::alive).isEmpty()) {
            fail(taskId, Evidence.exitedDuringSubmit());
            return;
        }
        if (!parkOnDecision(taskId, pane, Evidence.Stage.ACTIVITY_GATE)) {
            park(taskId, Evidence.parked(Evidence.Stage.ACTIVITY_GATE, Evidence.Reason.SUBMIT_UNCONFIRMED, null, null)); // seed R38
        }
    }

    /** The worker's program as a person named it: {@code --agent}, else the file name of the argv's first word. */
    static String program(Task task) {
        if (task.agent != null) {
            return task.agent;
        }
        String first = task.argv.isEmpty() ? "?" : task.argv.getFirst();
        return first.substring(first.lastIndexOf('/') + 1);
    }

    /** Writes Enter unless a decision is pending; false when the task was parked or failed instead. */
    private boolean enter(String taskId, String pane, Evidence.Stage stage) {
        try {
            if (signals.unlessDecision(pane, () -> panes.write(pane, new byte[] {'\r'}))) {
                return true;
            }
            if (!parkOnDecision(taskId, pane, stage)) {
                // the decision went away between the refusal and this look: the gate decides
                return true;
            }
            return false;
        } catch (IOException e) {
            fail(taskId, Evidence.submitRefused(Evidence.Reason.WRITE_FAILED, String.valueOf(e.getMessage()), true));
            return false;
        }
    }

    /**
     * A decision after the paste parks the task at a recoverable input_required with decision_required
     * evidence (seed R54, R55); the pane's decision stays unanswered.
     */
    private boolean parkOnDecision(String taskId, String pane, Evidence.Stage stage) {
        String decision = signals.pendingDecision(pane);
        if (decision == null) {
            return false;
        }
        park(taskId, Evidence.parked(stage, Evidence.Reason.DECISION_REQUIRED, true,
                AgentEventSignals.PENDING.equals(decision) ? null : decision));
        return true;
    }

    /** The gate saw activity: working, unless a decision arrived after Enter (seed R58). */
    private void confirm(String taskId, String pane) {
        if (parkOnDecision(taskId, pane, Evidence.Stage.ACTIVITY_GATE)) {
            return;
        }
        store.updateIf(taskId, t -> t.state == TaskState.PENDING && !t.closingWorker, t -> {
            // a short turn may already be over: checked under the task guard, so either this sees the
            // worker done or WorkerEvents sees the task working when the done arrives
            long seq = signals.lifecycleSeq(pane);
            if (signals.lifecycle(pane) == Lifecycle.DONE) {
                WorkerEvents.turnEnded(t, seq, "turn_end");
            } else {
                t.state = TaskState.WORKING;
                t.evidence = Evidence.NONE;
            }
        });
    }

    private void park(String taskId, Evidence evidence) {
        store.updateIf(taskId, t -> t.state == TaskState.PENDING && !t.closingWorker, t -> {
            t.state = TaskState.INPUT_REQUIRED;
            t.evidence = evidence;
        });
    }

    private void fail(String taskId, Evidence evidence) {
        store.updateIf(taskId, t -> t.state == TaskState.PENDING && !t.closingWorker, t -> {
            t.state = TaskState.FAILED;
            t.evidence = evidence;
        });
    }

    private byte[] paste(String pane, String prompt) {
        // Without bracketed paste a newline would submit early: the prompt is sent as one line then.
        // Bracketed, an embedded end marker is dropped so the text cannot end the paste early (as pane.submit).
        String text = panes.bracketedPaste(pane)
                ? "\u001b[200~" + prompt.replace("\u001b[201~", "") + "\u001b[201~"
                : Prompts.oneLine(prompt);
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static long nanos(double seconds) {
        return (long) (seconds * 1_000_000_000L);
    }
}
