package dev.signaltty.task.internal;

import java.util.List;

/** Result shapes of the task methods (also what {@code schema} describes). */
final class TaskResults {

    private TaskResults() {
    }

    /** task.get, task.report, task.finish, task.cancel. */
    record One(Task.View task) {
    }

    /** task.get: the task and its worker's token usage. */
    record Got(Task.View task, dev.signaltty.agent.AgentUsage.Usage usage) {
    }

    /** task.list. */
    record Many(List<Task.View> tasks) {
    }
}
