package dev.signaltty.task.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** task.get: One task {task_id}. */
@Component
class TaskGetHandler implements MethodHandler<TaskGetHandler.Params, TaskResults.One> {

    record Params(String taskId) {
    }

    private final TaskStore target;

    TaskGetHandler(TaskStore target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.get";
    }

    @Override
    public String summary() {
        return "One task {task_id}.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return TaskResults.One.class;
    }

    @Override
    public TaskResults.One handle(Params p, CallContext context) {
        return new TaskResults.One(target.view(p.taskId()));
    }
}
