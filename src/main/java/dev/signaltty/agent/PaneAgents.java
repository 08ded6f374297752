package dev.signaltty.agent;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the pane module asks of a pane's agent state (implemented in {@code agent/internal}): the view
 * {@code pane.get} shows, the gates of {@code pane.submit}, and the two moves the pane module makes
 * itself (a restored pane without a process; a task closing its worker clears attention).
 */
public interface PaneAgents {

    /** The part of a pane's state that pane.get and attention.pending show. */
    record AgentView(Lifecycle lifecycle, Attention attention, @Nullable String agent,
                     @Nullable String agentSessionId, WaitBaseline waitBaseline) {
    }

    /**
     * pane.get's wait_baseline; passed back whole as wait.after. The seed lists six fields, so the
     * session is written as an explicit null before one is discovered (other results omit nulls).
     */
    record WaitBaseline(String paneId, String processInstance,
                        @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable String agentSessionId,
                        long sessionGeneration, long lifecycleSeq, long attentionSeq) {
    }

    AgentView view(String paneId);

    /** True when the pane runs an agent that has not yet reported any state (AGENT_NOT_READY). */
    boolean notReady(String paneId);

    /** True once the pane has a known agent (launched by an integration or reporting hooks). */
    boolean hasAgent(String paneId);

    /** True while the agent waits for a permission answer (attention permission_required or blocked). */
    boolean permissionRequired(String paneId);

    /**
     * What the agent asks the person while an answer is required (the attention's message while input_required or
     * permission_required: a screen rule's question, a hook's Notification), null otherwise or when it said nothing.
     */
    @Nullable String question(String paneId);

    /** The journal seq of the pane's last lifecycle transition (0 before any). */
    long lifecycleSeq(String paneId);

    /**
     * Waits until a lifecycle transition to working or blocked newer than {@code afterSeq} exists (the
     * submit activity gate), or the deadline passes.
     */
    boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException;

    /**
     * A pane restored after a restart has no process: its lifecycle reads exited (as after an exit),
     * with no event, since the restart changed nothing a client saw (ADR-0084).
     */
    void restoredWithoutProcess(String paneId);

    /**
     * A restored pane whose program ended with the previous daemon (a crash or a kill) had its exit told only by
     * this one (ADR 1060): the agent restore that follows tells its agent's exit too, once (ADR 1140).
     */
    void exitToldLate(String paneId);

    /**
     * A restored pane whose program ran on through a restart in place (ADR 0810): its lifecycle is
     * unknown until the program's next hook or screen report, as after a launch, with no event.
     */
    void keptRunning(String paneId);

    /** Drops the pane's attention to none (journaled as attention.cleared with {@code cause}). */
    void clearAttention(String paneId, String cause);
}
