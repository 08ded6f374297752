package dev.signaltty.task.internal;

import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Lifecycle;

/**
 * The one dependency of the first submit on agent state: the worker pane's lifecycle with the journal
 * seqs of its transitions, and its pending decision. Kept this small so the agent-state module can
 * back it directly.
 */
interface WorkerSignals {

    /** The pane's current lifecycle ({@code unknown} before any report). */
    Lifecycle lifecycle(String paneId);

    /** The seq of the pane's latest lifecycle transition (0 before any). */
    long lifecycleSeq(String paneId);

    /** Waits until the lifecycle is one of {@code states}; false at the deadline or once the pane is gone. */
    boolean awaitLifecycle(String paneId, Set<Lifecycle> states, long deadlineNanos) throws InterruptedException;

    /** Waits for a working or blocked transition newer than {@code afterSeq} (the activity gate). */
    boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException;

    /** The pane's pending decision id (or a marker when one is pending without an id), null when none. */
    @Nullable String pendingDecision(String paneId);

    /** An input write that must not happen while a decision is pending (the delayed Enter). */
    interface Write {
        void run() throws java.io.IOException;
    }

    /**
     * Runs {@code write} unless a decision is pending, with no decision able to slip in between the
     * check and the write; returns whether it wrote.
     */
    boolean unlessDecision(String paneId, Write write) throws java.io.IOException;

    /** Clears the worker's attention because the task closes it (task.finish / task.cancel). */
    void clearAttention(String paneId, String cause);
}
