package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.internal.git.FileDiffReader;
import dev.signaltty.workspace.internal.git.RepoPath;

/** workspace.file_diff: one literal path's staged+unstaged change against HEAD (seed R248, R249, R250, R251, R252, R253, R254, R255, R256, R257, R258, R259, R260, R261, R262, R263, R264, R265, R266, R267, R268, R269, R270, R271, R272, R273, R274, R275, R276, R277, R278, R279, R280, R281, R282, R283, R284, R285). No event. */
@Component
class WorkspaceFileDiffHandler implements MethodHandler<WorkspaceFileDiffHandler.Params, WorkspaceFileDiffHandler.Result> {

    record Params(String workspaceId, @Shape(Shape.Kind.PATH) String path) {
        Params {
            RepoPath.parse(path);
        }
    }

    record Result(String workspaceId, String path, DiffContent content) {
    }

    private final WorkspaceStore store;
    private final FileDiffReader reader;

    WorkspaceFileDiffHandler(WorkspaceStore store, FileDiffReader reader) {
        this.store = store;
        this.reader = reader;
    }

    @Override
    public String method() {
        return "workspace.file_diff";
    }

    @Override
    public String summary() {
        return "One file's change against HEAD {workspace_id, path}: content kind text|binary|unchanged|unavailable.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        var workspace = store.resolve(params.workspaceId());
        return new Result(workspace.id(), params.path(), reader.read(workspace.cwd(), RepoPath.parse(params.path())));
    }
}
