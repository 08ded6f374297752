package dev.signaltty.task.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** task.list: Tasks, optionally filtered by {context_id?, state?}. */
@Component
class TaskListHandler implements MethodHandler<TaskListHandler.Params, TaskResults.Many> {

    /** {@code state} matched exactly, as task.wait's {@code until}: unknown values are refused with the list. */
    record Params(@Nullable String contextId, @Nullable TaskState state) {
    }

    private final TaskStore target;

    TaskListHandler(TaskStore target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.list";
    }

    @Override
    public String summary() {
        return "Tasks, optionally filtered by {context_id?, state?}.";
    }

    @Override
    public TaskResults.Many handle(Params p, CallContext context) {
        return new TaskResults.Many(target.list(p.contextId(), p.state()));
    }
}
