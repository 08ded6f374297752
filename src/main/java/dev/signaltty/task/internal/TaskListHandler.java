package dev.signaltty.task.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** task.list: Tasks, optionally filtered by {context_id?, state?}. */
@Component
class TaskListHandler implements MethodHandler<TaskListHandler.Params, TaskResults.Many> {

    record Params(@Nullable String contextId, @Nullable String state) {
        Params {
            if (state != null) {
                try {
                    TaskState.parse(state);
                } catch (IllegalArgumentException e) {
                    throw ProtocolException.badParams("state", "unknown task state " + state);
                }
            }
        }
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
        return new TaskResults.Many(target.list(p.contextId(), p.state() == null ? null : TaskState.parse(p.state())));
    }
}
