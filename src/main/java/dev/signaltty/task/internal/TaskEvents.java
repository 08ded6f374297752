package dev.signaltty.task.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.EventTypes;

/** The task module's events: each carries the whole task as {@code task.get} shows it (ADR 0270). */
@Component
class TaskEvents implements EventTypes {

    record Created(@JsonUnwrapped Task.View task) implements EventPayload {
        @Override
        public String event() {
            return "task.created";
        }
    }

    record Updated(@JsonUnwrapped Task.View task) implements EventPayload {
        @Override
        public String event() {
            return "task.updated";
        }
    }

    @Override
    public List<EventType> types() {
        return List.of(new EventType("task.created", Created.class, "task.start recorded a task (pending)."),
                new EventType("task.updated", Updated.class, "A task changed: state, evidence, report or disposition."));
    }
}
