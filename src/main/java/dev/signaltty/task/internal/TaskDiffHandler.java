package dev.signaltty.task.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** task.diff: The task worktree's changes against the commit its branch started from {task_id}. */
@Component
class TaskDiffHandler implements MethodHandler<TaskDiffHandler.Params, TaskFinisher.Diff> {

    record Params(String taskId) {
    }

    private final TaskFinisher target;

    TaskDiffHandler(TaskFinisher target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.diff";
    }

    @Override
    public String summary() {
        return "The task worktree's changes against the commit its branch started from {task_id}.";
    }

    @Override
    public TaskFinisher.Diff handle(Params p, CallContext context) {
        return target.diff(p.taskId());
    }
}
