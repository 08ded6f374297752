package dev.signaltty.task.internal;

import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.signaltty.transport.ProtocolException;

/** Task states and the pseudo-states of {@code task.wait}'s {@code until}. */
enum TaskState {
    PENDING, WORKING, INPUT_REQUIRED, COMPLETED, FAILED, CANCELED, REJECTED;

    static final Set<TaskState> TERMINAL = EnumSet.of(COMPLETED, FAILED, CANCELED, REJECTED);

    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean terminal() {
        return TERMINAL.contains(this);
    }

    static TaskState parse(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }

    /**
     * The states an {@code until} list accepts: task states, {@code terminal} and {@code settled}
     * (terminal or input_required). Unknown strings and an empty list are BAD_PARAMS (seed R67, R68).
     */
    static Set<TaskState> until(List<String> until) {
        if (until.isEmpty()) {
            throw ProtocolException.badParams("until", "must not be empty");
        }
        Set<TaskState> out = new LinkedHashSet<>();
        for (String name : until) {
            switch (name) {
                case "terminal" -> out.addAll(TERMINAL);
                case "settled" -> {
                    out.addAll(TERMINAL);
                    out.add(INPUT_REQUIRED);
                }
                default -> {
                    if (!name.equals(name.toLowerCase(Locale.ROOT))) {
                        throw ProtocolException.badParams("until", "unknown state " + name);
                    }
                    try {
                        out.add(parse(name));
                    } catch (IllegalArgumentException e) {
                        throw ProtocolException.badParams("until", "unknown state " + name);
                    }
                }
            }
        }
        return out;
    }
}
