package dev.signaltty.task.internal;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonValue;

/** Task states ({@code task.wait}'s {@code until} adds two pseudo-states: {@link TaskWaitUntil}). */
enum TaskState {
    PENDING, WORKING, INPUT_REQUIRED, COMPLETED, FAILED, CANCELED, REJECTED;

    static final Set<TaskState> TERMINAL = EnumSet.of(COMPLETED, FAILED, CANCELED, REJECTED);

    @JsonValue
    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean terminal() {
        return TERMINAL.contains(this);
    }

    static TaskState parse(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}
