package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.internal.git.WorktreeInfo;
import dev.signaltty.workspace.internal.git.Worktrees;

/**
 * worktree.open: a workspace on an existing registered worktree. Reopening the worktree that already
 * has its workspace returns that workspace and emits nothing (R293).
 */
@Component
class WorktreeOpenHandler implements MethodHandler<WorktreeOpenHandler.Params, WorktreeOpenHandler.Result> {

    record Params(String workspaceId, @Shape(Shape.Kind.PATH) String path, @Nullable @Shape(Shape.Kind.NAME) String name) {
        Params {
            Worktrees.parsePath(path, "path");
        }
    }

    record Result(WorktreeCoordinator.WorktreeView worktree, WorkspaceStore.WorkspaceView workspace, boolean created) {
    }

    private final WorktreeCoordinator coordinator;
    private final Worktrees worktrees;

    WorktreeOpenHandler(WorktreeCoordinator coordinator, Worktrees worktrees) {
        this.coordinator = coordinator;
        this.worktrees = worktrees;
    }

    @Override
    public String method() {
        return "worktree.open";
    }

    @Override
    public String summary() {
        return "Opens a workspace on a registered worktree {workspace_id, path, name?}; a no-op if one is open.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var source = coordinator.source(params.workspaceId());
        WorktreeInfo worktree = worktrees.find(source.cwd(), Worktrees.parsePath(params.path(), "path"));
        WorktreeCoordinator.Opened opened = coordinator.open(source.id(), worktree, params.name(), true);
        return new Result(coordinator.view(worktree), opened.workspace(), opened.created());
    }

}
