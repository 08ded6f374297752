package dev.signaltty.workspace.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.internal.git.DiffSummaryReader;

/** workspace.diff: the changed files with line counts; untracked files listed outside the totals (R277). */
@Component
class WorkspaceDiffHandler implements MethodHandler<WorkspaceDiffHandler.Params, WorkspaceDiffHandler.Result> {

    record Params(String workspaceId) {
    }

    record Result(String workspaceId, String base, List<DiffSummary.ChangedFile> files, int added, int removed,
                  boolean truncated) {
        static Result of(String workspaceId, DiffSummary s) {
            return new Result(workspaceId, s.base(), s.files(), s.added(), s.removed(), s.truncated());
        }
    }

    private final WorkspaceStore store;
    private final DiffSummaryReader reader;

    WorkspaceDiffHandler(WorkspaceStore store, DiffSummaryReader reader) {
        this.store = store;
        this.reader = reader;
    }

    @Override
    public String method() {
        return "workspace.diff";
    }

    @Override
    public String summary() {
        return "The workspace checkout's changes against HEAD {workspace_id}: files with added/removed counts.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var workspace = store.resolve(params.workspaceId());
        return Result.of(workspace.id(), reader.summarize(workspace.cwd()));
    }
}
