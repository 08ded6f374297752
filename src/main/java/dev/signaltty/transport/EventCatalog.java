package dev.signaltty.transport;

import java.util.List;

/** Every event name signaltty emits and the subscription globs it accepts (seed, "Events"). */
public final class EventCatalog {

    public static final List<String> EVENTS = List.of(
            "workspace.created", "workspace.updated", "workspace.closed", "workspace.turn_started",
            "tab.created", "tab.updated", "tab.closed",
            "pane.created", "pane.updated", "pane.closed", "pane.exited",
            "agent.idle", "agent.working", "agent.blocked", "agent.done", "agent.exited",
            "attention.changed", "attention.cleared",
            "notification.created",
            "decision.created", "decision.answered", "decision.cleared",
            "worktree.changed", "git.changed",
            "task.created", "task.updated",
            "pty.data");

    public static final List<String> GLOBS = List.of(
            "*", "agent.*", "pane.*", "workspace.*", "tab.*", "attention.*", "notification.*",
            "decision.*", "worktree.*", "git.*", "pty.*", "task.*");

    private EventCatalog() {
    }
}
