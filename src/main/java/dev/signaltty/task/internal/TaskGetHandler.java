package dev.signaltty.task.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentUsage;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** task.get: One task {task_id}. */
@Component
class TaskGetHandler implements MethodHandler<TaskGetHandler.Params, TaskResults.Got> {

    record Params(String taskId) {
    }

    private final TaskStore target;
    private final AgentUsage usage;

    TaskGetHandler(TaskStore target, AgentUsage usage) {
        this.target = target;
        this.usage = usage;
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
    public TaskResults.Got handle(Params p, CallContext context) {
        Task.View view = target.view(p.taskId());
        // the worker's tokens, from its agent's transcripts (ADR 0215); a task has one worker pane
        return new TaskResults.Got(view, view.paneId() == null ? AgentUsage.Usage.NONE : usage.of(view.paneId()));
    }
}
