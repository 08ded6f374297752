package dev.signaltty.task.internal;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.stereotype.Component;

/** {@code signaltty_tasks{state=...}}: retained tasks by state, one series per state (ADR 0100). */
@Component
class TaskMetrics implements MeterBinder {

    private final TaskStore store;

    TaskMetrics(TaskStore store) {
        this.store = store;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (TaskState state : TaskState.values()) {
            Gauge.builder("signaltty.tasks", store, s -> s.count(state)).tag("state", state.wire())
                    .description("Retained tasks by state").register(registry);
        }
    }
}
