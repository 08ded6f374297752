package dev.signaltty.task.internal;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.signaltty.agent.Lifecycle;

/**
 * Why a task is in its state (ADR 0420): the {@code evidence} of the wire, events and snapshot. Each
 * stage fills its own fields, made by the factories below, and leaves the rest null (absent on the
 * wire). One record rather than a sealed family per stage because the wire has no discriminator for
 * every case: a resume carries no {@code stage}, {@code worker_exited} has a before-the-paste and a
 * during-the-turn form, and a late report is added to whatever evidence a terminal task already has.
 * An empty task (working, or finished by report) has {@link #NONE}, written as {@code {}}.
 */
record Evidence(@Nullable Stage stage, @Nullable Reason reason, @Nullable String code, @Nullable String message,
                @Nullable Boolean pasteDelivered, @Nullable Lifecycle lifecycle, @Nullable String screenTail,
                @Nullable String decisionId, @Nullable Long lifecycleSeq, @Nullable String cause,
                @Nullable Integer exitCode, @Nullable TaskState previousState, @Nullable Reason resumedFrom,
                @Nullable String resumedBy, @Nullable Long resumedBySeq, @Nullable String optionId,
                Task.@Nullable Report lateReport) {

    static final Evidence NONE = new Evidence(null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null);

    /** Where the task's way to work stopped: the start's steps, the first submit's, the turn's. */
    enum Stage {
        WORKSPACE, TAB, PARENT, SPAWN, SUBMIT_REFUSED, READY_TIMEOUT, DELAYED_ENTER, ACTIVITY_GATE, FOLLOW_UP,
        TURN_END, WORKER_EXITED, SERVER_RESTART;

        @JsonValue
        String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Why a submit failed or a task was parked; a resume names the reason it resumed from. */
    enum Reason {
        INTERNAL, PANE_GONE, WRITE_FAILED, SUBMIT_UNCONFIRMED, DECISION_REQUIRED, TURN_ENDED_WITHOUT_REPORT;

        @JsonValue
        String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A step of task.start failed: {stage, code, message} (the answer's error carries the same). */
    static Evidence startFailed(Stage stage, String code, @Nullable String message) {
        return new Evidence(stage, null, code, message, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    /** The first submit was refused: {stage: submit_refused, reason, message?, paste_delivered?}. */
    static Evidence submitRefused(Reason reason, @Nullable String message, @Nullable Boolean pasteDelivered) {
        return new Evidence(Stage.SUBMIT_REFUSED, reason, null, message, pasteDelivered, null, null, null, null, null,
                null, null, null, null, null, null, null);
    }

    /**
     * The worker never got ready: {stage: ready_timeout, lifecycle, screen_tail, message}. The message names the
     * program and the signal that never came (the agent state idle, which hooks, screen rules or a manifest report:
     * a shell such as {@code task start -- bash} has none of them), and says that the worker's pane is kept
     * running beside the worktree and what ends it (ADR 1113).
     */
    static Evidence readyTimeout(Lifecycle lifecycle, String screenTail, String paneId, String program,
                                 double readyTimeoutS) {
        String seen = lifecycle == Lifecycle.UNKNOWN
                ? program + " reported no state at all: a shell or a program with none of these is never ready"
                        + " (start the agent itself, e.g. -- claude, or give " + program + " a manifest)"
                : program + "'s state stayed " + lifecycle.name().toLowerCase(Locale.ROOT);
        String message = "the worker " + program + " never said it was ready within "
                + String.format(Locale.ROOT, "%.0f", readyTimeoutS) + " s: task start hands over the objective once"
                + " the worker's agent state is idle, which claude and codex report by hooks, aider, gemini and"
                + " opencode by screen rules, other programs by a manifest (docs/agents.md); " + seen
                + ". The worker pane " + paneId
                + " is kept running for inspection, as the worktree is; task finish --discard ends it";
        return new Evidence(Stage.READY_TIMEOUT, null, null, message, null, lifecycle, screenTail, null, null, null,
                null, null, null, null, null, null, null);
    }

    /** Parked at {@code stage}: {stage, reason, paste_delivered?, decision_id?}. */
    static Evidence parked(Stage stage, Reason reason, @Nullable Boolean pasteDelivered, @Nullable String decisionId) {
        return new Evidence(stage, reason, null, null, pasteDelivered, null, null, decisionId, null, null, null,
                null, null, null, null, null, null);
    }

    /** The turn ended without a report: {stage: turn_end, reason, lifecycle_seq, cause}. */
    static Evidence turnEnded(long lifecycleSeq, String cause) {
        return new Evidence(Stage.TURN_END, Reason.TURN_ENDED_WITHOUT_REPORT, null, null, null, null, null, null,
                lifecycleSeq, cause, null, null, null, null, null, null, null);
    }

    /** The worker exited after the paste, before the gate saw it work: {stage: worker_exited, paste_delivered}. */
    static Evidence exitedDuringSubmit() {
        return new Evidence(Stage.WORKER_EXITED, null, null, null, true, null, null, null, null, null, null, null,
                null, null, null, null, null);
    }

    /** The worker exited while the task ran: {stage: worker_exited, exit_code, previous_state}. */
    static Evidence workerExited(@Nullable Integer exitCode, TaskState previousState) {
        return new Evidence(Stage.WORKER_EXITED, null, null, null, null, null, null, null, null, null, exitCode,
                previousState, null, null, null, null, null);
    }

    /** The daemon restarted under a running task: {stage: server_restart, previous_state}. */
    static Evidence serverRestart(TaskState previousState) {
        return new Evidence(Stage.SERVER_RESTART, null, null, null, null, null, null, null, null, null, null,
                previousState, null, null, null, null, null);
    }

    /**
     * Back to work: {resumed_from, resumed_by: follow_up_submit} after a follow-up, {resumed_from,
     * resumed_by_seq} when the worker turned working, {resumed_from, decision_id, option_id} after an answer.
     */
    static Evidence resumed(@Nullable Reason from, @Nullable String by, @Nullable Long bySeq, @Nullable String decisionId,
                            @Nullable String optionId) {
        return new Evidence(null, null, null, null, null, null, null, decisionId, null, null, null, null, from, by,
                bySeq, optionId, null);
    }

    /** The same evidence with a report that came after the terminal state (kept, and refused). */
    Evidence withLateReport(Task.Report report) {
        return new Evidence(stage, reason, code, message, pasteDelivered, lifecycle, screenTail, decisionId,
                lifecycleSeq, cause, exitCode, previousState, resumedFrom, resumedBy, resumedBySeq, optionId, report);
    }
}
