package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.internal.git.WorktreeInfo;
import dev.signaltty.workspace.internal.git.Worktrees;

/**
 * worktree.remove: removes a clean, unlocked linked worktree whose workspace is closed and which no
 * live pane is inside (PANES_ALIVE). The branch stays; nothing is forced (R143, R144, R145, R146, R147).
 */
@Component
class WorktreeRemoveHandler implements MethodHandler<WorktreeRemoveHandler.Params, WorktreeRemoveHandler.Result> {

    record Params(String workspaceId, @Shape(Shape.Kind.PATH) String path) {
        Params {
            Worktrees.parsePath(path, "path");
        }
    }

    record Result(String workspaceId, String path, @Nullable String branch, boolean removed) {
    }

    private final WorktreeCoordinator coordinator;

    WorktreeRemoveHandler(WorktreeCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public String method() {
        return "worktree.remove";
    }

    @Override
    public String summary() {
        return "Removes a clean linked worktree {workspace_id, path}; keeps its branch.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var source = coordinator.source(params.workspaceId());
        WorktreeInfo removed = coordinator.remove(source.id(), source.cwd(), Worktrees.parsePath(params.path(), "path"));
        return new Result(source.id(), removed.path(), removed.branch(), true);
    }
}
