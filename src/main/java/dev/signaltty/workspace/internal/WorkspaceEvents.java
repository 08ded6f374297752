package dev.signaltty.workspace.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.EventTypes;

/** The workspace module's events and their payloads (ADR 0270). */
@Component
class WorkspaceEvents implements EventTypes {

    record WorkspaceCreated(@JsonUnwrapped WorkspaceStore.WorkspaceView workspace) implements EventPayload {
        @Override
        public String event() {
            return "workspace.created";
        }
    }

    record WorkspaceUpdated(@JsonUnwrapped WorkspaceStore.WorkspaceView workspace) implements EventPayload {
        @Override
        public String event() {
            return "workspace.updated";
        }
    }

    record WorkspaceClosed(String workspaceId, String handle) implements EventPayload {
        @Override
        public String event() {
            return "workspace.closed";
        }
    }

    /** {@code task_id} for a task worker's turn, so subscribe's task_ids filter selects it. */
    record TurnStarted(String workspaceId, String paneId, String startedAt, @Nullable String taskId)
            implements EventPayload {
        @Override
        public String event() {
            return "workspace.turn_started";
        }
    }

    record TabCreated(@JsonUnwrapped WorkspaceStore.TabView tab) implements EventPayload {
        @Override
        public String event() {
            return "tab.created";
        }
    }

    record TabUpdated(@JsonUnwrapped WorkspaceStore.TabView tab) implements EventPayload {
        @Override
        public String event() {
            return "tab.updated";
        }
    }

    record TabClosed(String tabId, String workspaceId) implements EventPayload {
        @Override
        public String event() {
            return "tab.closed";
        }
    }

    /** {@code operation}: create, open or remove; {@code workspace_id} is the workspace that asked. */
    record WorktreeChanged(String operation, String path, String workspaceId) implements EventPayload {
        @Override
        public String event() {
            return "worktree.changed";
        }
    }

    /** {@code changed}: how many paths {@code git status} lists. */
    record GitChanged(String workspaceId, String path, @Nullable String branch, @Nullable String head, int changed)
            implements EventPayload {
        @Override
        public String event() {
            return "git.changed";
        }
    }

    @Override
    public List<EventType> types() {
        return List.of(
                new EventType("workspace.created", WorkspaceCreated.class, "A workspace was created."),
                new EventType("workspace.updated", WorkspaceUpdated.class, "A workspace was renamed."),
                new EventType("workspace.closed", WorkspaceClosed.class, "A workspace and its tabs were closed."),
                new EventType("workspace.turn_started", TurnStarted.class,
                        "An agent began a turn; the workspace's git baseline for turn diffs was taken."),
                new EventType("tab.created", TabCreated.class, "A tab was created."),
                new EventType("tab.updated", TabUpdated.class, "A tab's name, layout or focus changed."),
                new EventType("tab.closed", TabClosed.class, "A tab was closed."),
                new EventType("worktree.changed", WorktreeChanged.class, "A git worktree was created, opened or removed."),
                new EventType("git.changed", GitChanged.class, "A workspace's git status changed."));
    }
}
