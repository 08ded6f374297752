package dev.signaltty.workspace.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.workspace.internal.git.Worktrees;

/** worktree.list: the source workspace's repository worktrees, main first, with the workspaces on each. */
@Component
class WorktreeListHandler implements MethodHandler<WorktreeListHandler.Params, WorktreeListHandler.Result> {

    record Params(String workspaceId) {
    }

    record Result(String workspaceId, List<WorktreeCoordinator.WorktreeView> worktrees) {
    }

    private final WorktreeCoordinator coordinator;
    private final Worktrees worktrees;

    WorktreeListHandler(WorktreeCoordinator coordinator, Worktrees worktrees) {
        this.coordinator = coordinator;
        this.worktrees = worktrees;
    }

    @Override
    public String method() {
        return "worktree.list";
    }

    @Override
    public String summary() {
        return "Worktrees of the source workspace's repository {workspace_id}.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var source = coordinator.source(params.workspaceId());
        return new Result(source.id(), worktrees.list(source.cwd()).stream().map(coordinator::view).toList());
    }
}
