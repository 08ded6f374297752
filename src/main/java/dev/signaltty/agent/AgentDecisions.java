package dev.signaltty.agent;

import java.time.Duration;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.Cancellation;

/**
 * What agent state and pane.submit ask of the decision store (implemented by the decision module, so
 * neither agent nor pane depends on it). The store has one read/write guard: decisions are created and cleared under its
 * write side; {@link #unlessPending} runs under its read side, so no decision can slip in between a
 * check and the write it guards.
 */
public interface AgentDecisions {

    /** A native permission request that waits for an answer from outside. */
    record PermissionAsk(String paneId, String workspaceId, @Nullable String taskId, String agent,
                         String sessionId, String toolName, Map<String, Object> toolInput) {
    }

    /**
     * How a waiting permission request ended: {@code optionId} ({@code allow_once} or {@code deny}) when
     * answered, else null with a {@code reason} (timeout, disconnect, superseded, shutdown, moved_on,
     * attention_cleared, pane_exited).
     */
    record PermissionOutcome(String decisionId, @Nullable String optionId, @Nullable String reason) {
    }

    /**
     * Registers a live answer route and a pending decision for the ask (superseding the pane's previous
     * one), then blocks until it is answered, cleared, cancelled or timed out. {@code beforeCreate} runs
     * under the write guard just before the decision is set (the agent's blocked transition).
     */
    PermissionOutcome awaitPermission(PermissionAsk ask, Runnable beforeCreate, Duration timeout,
                                      Cancellation cancellation);

    /** Runs {@code body} under the write guard (agent transitions that raise permission attention). */
    void exclusive(Runnable body);

    /** The pane's pending decision id, or null. */
    @Nullable String pendingDecision(String paneId);

    /**
     * Under the read guard: if the pane has no pending decision and {@code extraBusy} is false, runs
     * {@code write} and returns true; otherwise returns false without running it.
     */
    boolean unlessPending(String paneId, java.util.function.BooleanSupplier extraBusy, Runnable write);
}
