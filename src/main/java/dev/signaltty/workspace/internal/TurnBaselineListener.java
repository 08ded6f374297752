package dev.signaltty.workspace.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.TurnStarting;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.internal.git.TurnBaselines;

/**
 * On {@link TurnStarting}: capture the workspace checkout as the latest turn baseline, then emit
 * {@code workspace.turn_started {workspace_id, pane_id, started_at}} — also when the capture failed
 * (R286, R287, R288, R289). The capture runs git for up to its deadline, so it happens on a virtual thread, never in
 * the publisher's thread (which may hold the pane or structure lock); captures of one workspace are
 * serialized so the latest turn is the one recorded last.
 */
@Component
class TurnBaselineListener {

    private final WorkspaceStore store;
    private final TurnBaselines baselines;
    private final EventLog events;
    private final Map<String, ReentrantLock> perWorkspace = new ConcurrentHashMap<>();

    TurnBaselineListener(WorkspaceStore store, TurnBaselines baselines, EventLog events) {
        this.store = store;
        this.baselines = baselines;
        this.events = events;
    }

    @EventListener
    void on(TurnStarting turn) {
        Thread.ofVirtual().name("turn-baseline-" + turn.paneId()).start(() -> capture(turn));
    }

    /** Synchronous capture + event; returns once {@code workspace.turn_started} is journaled. */
    void capture(TurnStarting turn) {
        WorkspaceRef workspace;
        try {
            workspace = store.resolve(turn.workspaceId());
        } catch (ProtocolException e) {
            return; // the workspace closed before its turn could be recorded
        }
        ReentrantLock lock = perWorkspace.computeIfAbsent(workspace.id(), k -> new ReentrantLock());
        lock.lock();
        try {
            baselines.record(workspace.id(), turn.paneId(), workspace.cwd(), turn.startedAt());
            events.append(new WorkspaceEvents.TurnStarted(workspace.id(), turn.paneId(), turn.startedAt().toString(),
                    turn.taskId()));
        } finally {
            lock.unlock();
        }
    }
}
