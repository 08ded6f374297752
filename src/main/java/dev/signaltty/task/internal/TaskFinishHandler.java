package dev.signaltty.task.internal;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** task.finish: Merges or discards the task's work {task_id, merge|discard, target_ref?}, closing its worker. */
@Component
class TaskFinishHandler implements MethodHandler<TaskFinishHandler.Params, Object> {

    record Params(String taskId, @Nullable Boolean merge, @Nullable Boolean discard, @Nullable String targetRef) {
        Params {
            if (Boolean.TRUE.equals(merge) == Boolean.TRUE.equals(discard)) {
                throw ProtocolException.badParams("merge", "exactly one of merge or discard must be true");
            }
        }
    }

    private final TaskFinisher target;

    TaskFinishHandler(TaskFinisher target) {
        this.target = target;
    }

    @Override
    public String method() {
        return "task.finish";
    }

    @Override
    public String summary() {
        return "Merges or discards the task's work {task_id, merge|discard, target_ref?}, closing its worker.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Object handle(Params p, CallContext context) {
        return Map.of("task", target.finish(p.taskId(), Boolean.TRUE.equals(p.merge()), p.targetRef()));
    }
}
