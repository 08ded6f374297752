package dev.signaltty.task.internal;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code task.wait}'s {@code until} accepts (seed R67, R68; ADR 0341): each task state, {@code terminal}
 * and {@code settled} (terminal or input_required). The binder refuses any other string naming {@code until}.
 */
enum TaskWaitUntil {
    PENDING(EnumSet.of(TaskState.PENDING)),
    WORKING(EnumSet.of(TaskState.WORKING)),
    INPUT_REQUIRED(EnumSet.of(TaskState.INPUT_REQUIRED)),
    COMPLETED(EnumSet.of(TaskState.COMPLETED)),
    FAILED(EnumSet.of(TaskState.FAILED)),
    CANCELED(EnumSet.of(TaskState.CANCELED)),
    REJECTED(EnumSet.of(TaskState.REJECTED)),
    TERMINAL(EnumSet.copyOf(TaskState.TERMINAL)),
    SETTLED(settled());

    private final Set<TaskState> states;

    TaskWaitUntil(Set<TaskState> states) {
        this.states = states;
    }

    private static Set<TaskState> settled() {
        Set<TaskState> out = EnumSet.copyOf(TaskState.TERMINAL);
        out.add(TaskState.INPUT_REQUIRED);
        return out;
    }

    /** The task states any of {@code until} names. */
    static Set<TaskState> states(List<TaskWaitUntil> until) {
        Set<TaskState> out = EnumSet.noneOf(TaskState.class);
        until.forEach(u -> out.addAll(u.states));
        return out;
    }
}
