package dev.signaltty.task.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** task.cancel: Stops the worker {task_id}; the worktree stays for task.finish. */
@Component
class TaskCancelHandler implements MethodHandler<TaskCancelHandler.Params, TaskResults.One> {

    record Params(String taskId) {
    }

    private final TaskFinisher target;

    TaskCancelHandler(TaskFinisher target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.cancel";
    }

    @Override
    public String summary() {
        return "Stops the worker {task_id}; the worktree stays for task.finish.";
    }

    @Override
    public TaskResults.One handle(Params p, CallContext context) {
        return new TaskResults.One(target.cancel(p.taskId()));
    }
}
