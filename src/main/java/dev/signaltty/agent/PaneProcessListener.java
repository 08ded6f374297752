package dev.signaltty.agent;

/**
 * How agent state hears that a pane's process exited or the pane closed. The pane module calls every
 * implementation in the same structure-lock hold that journals {@code pane.exited} / {@code pane.closed}
 * and publishes {@code PaneExited} / {@code PaneClosed}, just before the publication: agent state then
 * reads exited before any listener of those events runs, and a {@code pane.resume} cannot slip in
 * between (docs/concurrency.md, "Lock order"). A call, not an event, because the events are the pane
 * module's and agent does not depend on pane.
 */
public interface PaneProcessListener {

    void exited(String paneId, String workspaceId);

    void closed(String paneId);
}
