package dev.signaltty.task.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** task.finish: Merges or discards the task's work {task_id, merge|discard, target_ref?}, closing its worker. */
@Component
class TaskFinishHandler implements MethodHandler<TaskFinishHandler.Params, TaskResults.One> {

    /**
     * The disposition as {@code merge: true} / {@code discard: true} (the seed's wording) or as
     * {@code disposition: "merge"|"discard"} (the CLI's); exactly one must be given.
     */
    record Params(String taskId, @Nullable Boolean merge, @Nullable Boolean discard, @Nullable String disposition,
                  @Nullable String targetRef) {
        Params {
            if (disposition != null && !List.of("merge", "discard").contains(disposition)) {
                throw ProtocolException.badParams("disposition", "must be merge or discard");
            }
            int chosen = (Boolean.TRUE.equals(merge) ? 1 : 0) + (Boolean.TRUE.equals(discard) ? 1 : 0)
                    + (disposition != null ? 1 : 0);
            if (chosen != 1) {
                throw ProtocolException.badParams("merge", "exactly one of merge or discard must be given");
            }
        }

        boolean merging() {
            return Boolean.TRUE.equals(merge) || "merge".equals(disposition);
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
    public TaskResults.One handle(Params p, CallContext context) {
        return new TaskResults.One(target.finish(p.taskId(), p.merging(), p.targetRef()));
    }
}
