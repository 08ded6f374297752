package dev.signaltty.task.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.OneOrMany;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Waits;

/**
 * task.wait (seed R59, R60, R61, R62, R63, R64, R65, R66, R67, R68, R69, R70, R71, R72): one task or every task of a context until its state is in {@code until}
 * (default {@code settled}). Single-flight and connection-bound like pane wait; the task's state never
 * depends on a waiter.
 */
@Component
class TaskWaitHandler implements MethodHandler<TaskWaitHandler.Params, TaskWaitHandler.Result> {

    record Params(@Nullable String taskId, @Nullable String contextId, @OneOrMany @Nullable List<TaskWaitUntil> until,
                  @Nullable Double timeoutS) {
        Params {
            if ((taskId == null) == (contextId == null)) {
                throw ProtocolException.badParams("task_id", "exactly one of task_id or context_id is required");
            }
            if (timeoutS == null) {
                timeoutS = 3600.0;
            } else if (!(timeoutS > 0)) {
                throw ProtocolException.badParams("timeout_s", "must be positive");
            }
        }

        /** The task states {@code until} names: one or a nonempty array of them; default {@code settled}. */
        Set<TaskState> states() {
            return TaskWaitUntil.states(until == null ? List.of(TaskWaitUntil.SETTLED) : until);
        }
    }

    /**
     * Waiting on one task: {@code task_id}, the state it {@code matched} and the task; on a context:
     * {@code context_id} and all its tasks once every one is in a wanted state.
     */
    record Result(@Nullable String taskId, @Nullable String matched, Task.@Nullable View task,
                  @Nullable String contextId, @Nullable List<Task.View> tasks) {
    }

    private final TaskStore store;

    TaskWaitHandler(TaskStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "task.wait";
    }

    @Override
    public String summary() {
        return "Waits for a task {task_id} or every task of a context {context_id} to reach until "
                + "(task states, terminal, settled; default settled).";
    }

    @Override
    public boolean singleFlight() {
        return true;
    }

    @Override
    public TaskWaitHandler.Result handle(Params p, CallContext context) {
        Set<TaskState> until = p.states();
        long deadline = Waits.deadlineNanos(p.timeoutS());
        if (p.taskId() != null) {
            String taskId = p.taskId();
            store.view(taskId); // NO_SUCH_TASK before waiting (seed R65)
            return store.await(() -> store.findLocked(taskId)
                            .filter(t -> until.contains(t.state))
                            .map(t -> new Result(t.id, t.state.wire(), t.view(), null, null))
                            .orElse(null),
                    deadline, context.cancellation(), Map.of("task_id", taskId));
        }
        String contextId = p.contextId();
        return store.await(() -> {
            List<Task> tasks = store.inContextLocked(contextId);
            List<Task.View> views = new ArrayList<>();
            for (Task task : tasks) {
                if (!until.contains(task.state)) {
                    return null;
                }
                views.add(task.view());
            }
            return new Result(null, null, null, contextId, views);
        }, deadline, context.cancellation(), Map.of("context_id", contextId));
    }
}
