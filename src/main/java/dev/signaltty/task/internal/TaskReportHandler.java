package dev.signaltty.task.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** task.report: The worker reports its outcome {status: completed|failed|rejected, summary, task_id?, pane_id?}. */
@Component
class TaskReportHandler implements MethodHandler<TaskReportHandler.Params, TaskResults.One> {

    record Params(String status, String summary, @Nullable String taskId, @Nullable String paneId) {
        Params {
            if (!List.of("completed", "failed", "rejected").contains(status)) {
                throw ProtocolException.badParams("status", "'" + status + "' is not one of completed, failed, rejected");
            }
            if (taskId == null && paneId == null) {
                // outside a worker neither is set: say where a worker gets them (its environment), not only that they are missing
                throw ProtocolException.badParams("task_id", "task_id or pane_id is required: a task's worker has them"
                        + " as $SIGNALTTY_TASK and $SIGNALTTY_PANE (signaltty report --task/--pane outside one)");
            }
        }
    }

    private final TaskFinisher target;

    TaskReportHandler(TaskFinisher target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.report";
    }

    @Override
    public String summary() {
        return "The worker reports its outcome {status: completed|failed|rejected, summary, task_id?, pane_id?}.";
    }

    @Override
    public TaskResults.One handle(Params p, CallContext context) {
        return new TaskResults.One(target.report(p));
    }
}
