package dev.signaltty.agent;

/**
 * How agent state hears that a pane's process exited or the pane closed. The pane module relays its
 * {@code PaneExited} / {@code PaneClosed} events to every implementation, synchronously in the
 * structure-lock hold that publishes them, so a {@code pane.resume} cannot slip in between
 * (docs/concurrency.md, "Lock order"). A call, not an event listener here, because those events are
 * the pane module's and agent does not depend on pane.
 */
public interface PaneProcessListener {

    void exited(String paneId, String workspaceId);

    void closed(String paneId);
}
