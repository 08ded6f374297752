package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.internal.git.WorktreeInfo;
import dev.signaltty.workspace.internal.git.Worktrees;

/**
 * worktree.create: a new branch from {@code base} (default HEAD) in a new worktree, no fetch; then, as
 * a convenience, a workspace on it (unless {@code open} is false). {@code worktree.changed create} is
 * emitted as soon as the checkout exists, so a failed binding still leaves it observable (R292); that
 * failure is reported in {@code workspace_error} with the retained worktree.
 */
@Component
class WorktreeCreateHandler implements MethodHandler<WorktreeCreateHandler.Params, WorktreeCreateHandler.Result> {

    record Params(String workspaceId, String branch, @Nullable @Shape(Shape.Kind.PATH) String path,
                  @Nullable String base, @Nullable Boolean open, @Nullable @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (branch.isBlank()) {
                throw ProtocolException.badParams("branch", "must not be blank");
            }
            if (path != null && path.isEmpty()) {
                throw ProtocolException.badParams("path", "must not be empty");
            }
        }
    }

    record Result(WorktreeCoordinator.WorktreeView worktree, WorkspaceStore.@Nullable WorkspaceView workspace,
                  @Nullable String workspaceError) {
    }

    private final WorktreeCoordinator coordinator;
    private final Worktrees worktrees;

    WorktreeCreateHandler(WorktreeCoordinator coordinator, Worktrees worktrees) {
        this.coordinator = coordinator;
        this.worktrees = worktrees;
    }

    @Override
    public String method() {
        return "worktree.create";
    }

    @Override
    public String summary() {
        return "Creates a worktree on a new branch {workspace_id, branch, path?, base?, open?, name?}; no fetch.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var source = coordinator.source(params.workspaceId());
        WorktreeInfo created = worktrees.create(source.cwd(), params.path(), params.branch(), params.base());
        coordinator.changed("create", created.path(), source.id());
        WorkspaceStore.WorkspaceView workspace = null;
        String error = null;
        if (!Boolean.FALSE.equals(params.open())) {
            try {
                workspace = coordinator.open(source.id(), created, params.name(), false).workspace();
            } catch (RuntimeException e) {
                error = e.getMessage();
            }
        }
        return new Result(coordinator.view(created), workspace, error);
    }
}
