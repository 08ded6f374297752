package dev.signaltty.agent;

import java.util.Optional;

import org.jspecify.annotations.Nullable;

/** The panes agent state is about, as the pane registry sees them (implemented next to it). */
public interface AgentPanes {

    /** A pane's identity; {@code taskId} is set for task workers (from their spawn request). */
    record PaneRef(String paneId, String workspaceId, @Nullable String taskId, boolean alive) {
    }

    /** An id or a name; NO_SUCH_PANE otherwise. */
    PaneRef resolve(String idOrName);

    Optional<PaneRef> find(String paneId);
}
