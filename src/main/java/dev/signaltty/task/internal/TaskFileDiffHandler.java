package dev.signaltty.task.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** task.file_diff: One file's change in the task worktree against the task's base {task_id, path}. */
@Component
class TaskFileDiffHandler implements MethodHandler<TaskFileDiffHandler.Params, TaskFinisher.FileDiff> {

    record Params(String taskId, @Shape(Shape.Kind.PATH) String path) {
        Params {
            if (path.isEmpty()) {
                throw ProtocolException.badParams("path", "must not be empty");
            }
        }
    }

    private final TaskFinisher target;

    TaskFileDiffHandler(TaskFinisher target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.file_diff";
    }

    @Override
    public String summary() {
        return "One file's change in the task worktree against the task's base {task_id, path}.";
    }

    @Override
    public TaskFinisher.FileDiff handle(Params p, CallContext context) {
        return target.fileDiff(p.taskId(), p.path());
    }
}
